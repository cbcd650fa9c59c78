"""Mariáš, the Czech trick-taking game of marriages (``../shared/rules/marias.md``)."""
