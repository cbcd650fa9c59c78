"""Command-line tools of the rules engine: replay records, play in a terminal, benchmark."""
