"""Blázen (Durak): the throw-in and transfer game of ``rules/blazen.md``."""
