"""The one test that reads the whole card pool (issue 13: "keep one whole-pool test, mark it").

It is left out of the default run (``-m pool``; `.ci/run` runs it).  One pass over the 14,216
cards checks what only the whole pool can show:
- every card reads without error, and the reading statuses are all present;
- the reader's word gates never skip a pattern that would match (reader/gates.py);
- vocabulary.yaml's ``lower_case_names`` is data read off the pool, not a list kept by hand: the
  one-word lower-case names quoted in at least 5 card texts.
"""

import collections
import re

import pytest

from psct_expert.parser.names import vocabulary
from psct_expert.reader import read_card
from psct_expert.reader.gates import gate_text, may_match

from test_audit_speed import _grammar_patterns


@pytest.mark.pool
def test_whole_pool(base_expert, capsys):
    patterns = _grammar_patterns()
    status = collections.Counter()
    quoted = collections.Counter()
    skipped = 0
    for card in base_expert.db.all_cards():
        status[read_card(card).status] += 1
        seen = set()
        for text in (card.text or "", card.pendulum_text or ""):
            low = gate_text(text)
            for rx in patterns:
                if not may_match(rx, low):
                    skipped += 1
                    assert not rx.search(text), (card.name, rx.pattern)
            seen |= {q for q in re.findall(r'"([^"\s]+)"', text) if q[:1].islower()}
        quoted.update(seen)
    assert sum(status.values()) == 14216
    assert status["full"] > status["partial"] > 0 and status["legacy"] > 0
    assert skipped > 0
    assert set(vocabulary()["lower_case_names"]) == {q for q, n in quoted.items() if n >= 5}
    with capsys.disabled():
        print(f"\n[reader] whole pool: {dict(status)}")
