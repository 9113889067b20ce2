"""Order entry: what a player typed or picked, turned into an order sheet.

One package for every road an order takes: the web form's menus and typed box,
the live check of typed lines, the 1989 lists with IF conditions, Saari's
pick of a first unit, and an email body (:func:`input_from_text`). It reads
only the power's own knowledge record (adjudication.record.Knowledge) and the
public map, and answers "what may this unit do" for the menus.

* :mod:`.sheet` -- PlayerInput -> OrderDraft (:func:`read_orders`);
* :mod:`.lines` -- one typed line against the map and the power's units;
* :mod:`.rules_check` -- an order judged as the rules will, from own units only;
* :mod:`.advance` -- the 1989 retreat and adjustment lists;
* :mod:`.choices` -- the orders a unit may be given, and the menus;
* :mod:`.setup_pick` -- Saari's army-or-fleet pick;
* :mod:`.bounds` -- how much one sheet may hold, checked before any line is read.
"""

from games.order_entry.advance import read_adjustment_list, read_retreat_list
from games.order_entry.bounds import MAX_LINES, sheet_problem, text_problem
from games.order_entry.choices import (
    OrderRow,
    adjustment_choices,
    has_something_to_order,
    order_rows,
    orderable_units,
)
from games.order_entry.lines import CheckedLine, check_line, check_lines
from games.order_entry.rules_check import OwnSide, own_side, rules_verdict
from games.order_entry.setup_pick import read_setup_pick, setup_picks
from games.order_entry.sheet import OrderDraft, PlayerInput, input_from_text, read_orders

__all__ = [
    "MAX_LINES",
    "CheckedLine",
    "OrderDraft",
    "OrderRow",
    "OwnSide",
    "PlayerInput",
    "adjustment_choices",
    "check_line",
    "check_lines",
    "has_something_to_order",
    "input_from_text",
    "order_rows",
    "orderable_units",
    "own_side",
    "read_adjustment_list",
    "read_orders",
    "read_retreat_list",
    "read_setup_pick",
    "rules_verdict",
    "setup_picks",
    "sheet_problem",
    "text_problem",
]
