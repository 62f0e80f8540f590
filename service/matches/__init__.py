"""Duplicate matches of bots: in-process and outside ones, challenges and the ratings ladder."""
