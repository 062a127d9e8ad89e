"""The command line: a thin layer, one module per subcommand."""
