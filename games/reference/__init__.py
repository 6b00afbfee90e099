"""The rules reference: every rule paragraph of each game's seed, in our own words, in every
language Questlog speaks, with its citation and the readings the code makes.

The texts are data: one JSON document per game and language beside this file
(``<game>.<language>.json``, format ``questlog-reference/1``, described in
``docs/formats/reference.md``), validated as they load (``documents``). ``search`` finds rules by
words, ``links.rule_url`` links a screen to one rule, ``views`` and ``urls`` serve the pages.
"""
