"""FOG OF WAR - BASIC: grid battles between sides of tokens (docs/rules/battle.md).

Pure and deterministic given the dice. The modules, in the order a battle
uses them: `squares` and `model` (the data), `movement` and `combat` (the
rules of one action), `activation` (one side's turn), `turns` (roll-off and
the end of a battle), `dice` (the committed dice stream), `replay` (a whole
battle with its log), `notation` (the text players send), `fog` (what each
side sees), `reading`/`writing`/`cli` (``python -m adjudication battle``).
"""
