"""Knowledge loading: YAML rule files → validated :class:`Rule` objects.

A knowledge folder holds:

* ``sources.yaml`` — the source ids rules may cite, with a title and address;
* ``fact-types.yaml`` — every fact type, its fields and who produces it;
* ``questions.yaml`` — the question families and the fact that answers each;
* any number of rule files (``*.yaml``), one per guide topic.

Loading never runs code from a file: YAML is read with the safe loader and the
rule language has no eval.  Every problem is a :class:`Diagnostic` with
``file:line:column``; :func:`load_knowledge` raises on the first error, and
``psct-expert rules lint`` prints them all.

The rule language (see ``docs/writing-rules.md``)::

    - id: chain-by-colon
      name: A colon means the effect activates
      says: An effect whose text has a colon activates, so it starts a Chain.
      cites: [psct-guide#2, punctuation-it#chain]
      when:
        - effect: {effect: $e, card: $c}
        - colon: {effect: $e}
        - not: {legacy: {card: $c}}
        - test: $n >= 1
      then:
        - starts_chain: {effect: $e, value: yes}
      examples: [...]

The package is split by job: :mod:`.model` (the data classes), :mod:`.loader`
(YAML → model, folder merging) and :mod:`.lint` (checks across files).  The
public names stay importable from ``psct_expert.knowledge``.
"""

from .lint import check
from .loader import (EXAMPLE_KEYS, REQUIRED_RULE_KEYS, RESERVED_FILES, RULE_KEYS, TEST, VAR,
                     knowledge_folders, load_knowledge)
from .model import (Diagnostic, Family, FactType, InSet, KnowledgeBase, NotIn, NotValue, Pattern,
                    Rule, Source, Sum, Var)

__all__ = ["Diagnostic", "Family", "FactType", "InSet", "KnowledgeBase", "NotIn", "NotValue", "Pattern",
           "Rule", "Source", "Sum", "Var", "check", "knowledge_folders", "load_knowledge", "VAR", "TEST",
           "RULE_KEYS", "REQUIRED_RULE_KEYS", "EXAMPLE_KEYS", "RESERVED_FILES"]
