"""What a link told to resolve did, when the story does not say it in so many words: "X targets my
Peten. After it resolves, ...", "X targets my Peten and it is destroyed".  A link that targets one
card, answered by nothing, does to it what its text's part does to "that target" (destroys,
banishes); a card said moved with no cause is what the link that targets it did, when that link was
told last.  Mixed into :class:`.told.Situate`."""

from __future__ import annotations

from lark import Tree

from .words import moved_by_verb


class ResolvedEvents:
    """Steps of a resolving link inferred from its text (mixed into :class:`.told.Situate`)."""

    def does_as_written(self) -> None:
        """What each link told to resolve did, when the story said nothing of it (called once
        the whole story is read: "X resolves and destroys it" says it)."""
        for aid in getattr(self, "resolved_untold", []):
            self._does_as_written(aid)

    def _does_as_written(self, aid: str) -> None:
        """(round 69) "X targeting their Y. After X resolves, can Y's effect ...?": a link told to
        resolve with nothing said of what it did, that targets one card and was answered by nothing
        (the last thing told), destroys or banishes that target as its text's first part says
        ("destroy that target"): told, as "X resolves and destroys it" tells it."""
        act = next((e for e in self.events if e.get("id") == aid), None)
        if act is None or act.get("does") or act.get("cost") and not act.get("targets"):
            return
        later = self.events[self.events.index(act) + 1:]
        targets = list(dict.fromkeys(act.get("targets") or []))
        if len(targets) != 1 or any(e.get("kind") != "resolve" for e in later) or \
                not isinstance(targets[0], str):
            return
        found = self.effect_of(act["effect"]) if act["effect"].get("card") else None
        if found is None:
            return
        reading, eid = found
        first = [f for f in reading.facts if f.type == "clause" and f.get("effect") == eid
                 and str(f.get("n")) == "1"]
        refs = [f for f in reading.facts if f.type == "reference" and f.get("effect") == eid
                and str(f.get("n")) == "1"]
        verbs = [f for f in reading.facts if f.type == "clause_verb" and f.get("effect") == eid
                 and str(f.get("n")) == "1"]
        if len(first) != 1 or first[0].get("optional") != "no" or verbs or \
                first[0].get("verb") not in ("destroy", "banish") or \
                [r.get("kind") for r in refs] != ["that-target"]:
            return
        self._step(act, moved_by_verb(first[0].get("verb"), []), targets[0])

    def _moved_target_told(self, ev: Tree, t: dict, verb: str, what: str | None) -> bool:
        """(hunt) "X targets my Peten. It resolves and Peten is destroyed", "I chain Raigeki Break
        targeting my Peten and it is destroyed": a card a told activation targets, said destroyed
        or banished with no cause.  When the link that targets it is the last one told and its
        text does that to its target ("destroy that target"), it is what that link did as it
        resolved (as "... and destroys it" says it); when a later link was told, which one did it
        (and when) is not said, and the question is refused.  False: not such a move."""
        aiming = [e for e in self.events if e.get("kind") == "activate"
                  and (what in (e.get("targets") or []) if what is not None else
                       t.get("pronoun") and len(set(e.get("targets") or [])) == 1)]
        if not aiming or (what is None and aiming[-1] is not self._last_activation()):
            return False
        act = aiming[-1]
        later = [e for e in self.events[self.events.index(act) + 1:] if e.get("kind") == "activate"]
        if later:
            if what is None:
                return False      # "it" after a later link: read as before
            self.fail(f"{self.r.said(ev)!r}: by which link, and when? (tell it as '... resolves and "
                      "destroys it', or 'it is destroyed in response')", ev)
        if act.get("does") or not self._text_does_to_its_target(act, verb):
            return False
        target = what if what is not None else list(dict.fromkeys(act["targets"]))[0]
        self._step(act, moved_by_verb(verb, []), target)
        return True

    def _last_activation(self) -> dict | None:
        return next((e for e in reversed(self.events) if e.get("kind") == "activate"), None)

    def _text_does_to_its_target(self, act: dict, verb: str) -> bool:
        """Does the activated effect's text do ``verb`` to "that target" (its first part)?"""
        found = self.effect_of(act["effect"]) if act["effect"].get("card") else None
        if found is None:
            return False
        reading, eid = found
        done = {str(f.get("n")) for f in reading.facts if f.type == "clause"
                and f.get("effect") == eid and f.get("verb") == verb}
        targets = {str(f.get("slot")) for f in reading.facts if f.type == "target"
                   and f.get("effect") == eid}
        # ("destroy it" with one target group: "it" is that target)
        return any(f.type == "reference" and f.get("effect") == eid and str(f.get("n")) in done and
                   (f.get("kind") in ("that-target", "demonstrative") or
                    f.get("kind") == "pronoun" and len(targets) == 1) for f in reading.facts)
