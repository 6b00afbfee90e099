"""Groups ("tables"): who plays together, their roles and invite links."""
