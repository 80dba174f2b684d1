"""The ground floor: errors a user can cause, notices, the vocabulary (enums), the record helper for
dataclasses, Ctrl-C handling and the options of a build. It imports nothing of the project."""
