"""The live mission at the table: ``services`` (begin, move, undo, abandon, end), ``screen`` (what
the table shows), ``forms``, ``views``, ``urls`` and ``events`` (server push)."""
