"""Game records: our versioned JSON format and the ISS one-line format.

Both readers replay every action through the engine, so a record that loads
is a record of a legal deal, and the result stored in it is checked against
the one the engine computes.  A record that cannot be read raises
:class:`~skat_core.errors.RecordError` naming the line and the field.

See ``docs/records.md`` for both formats and the ``skat check`` output.
"""

from __future__ import annotations

from ..errors import RecordError
from .iss import IssGame, iss_result_mismatches, read_iss, to_iss
from .jsonrec import (
    FORMAT,
    VERSION,
    dumps,
    loads,
    parse_json_records,
    record_from_state,
    result_to_dict,
    save_records,
    state_from_record,
)

__all__ = [
    "FORMAT",
    "VERSION",
    "IssGame",
    "RecordError",
    "dumps",
    "iss_result_mismatches",
    "loads",
    "parse_json_records",
    "read_iss",
    "record_from_state",
    "result_to_dict",
    "save_records",
    "state_from_record",
    "to_iss",
]
