"""Hearing and speaking: recognizers, microphone and endpointing, devices, text-to-speech, models.

Import-light on purpose: nothing here loads sounddevice, pocketsphinx, vosk or pyttsx3. Import the
submodule you need (``voicefish.audio.listen``, ``.tts``, ``.devices``, ``.models``, ...).
"""
