"""A question read by its frame: a last reading, for questions about what a card's text does.

The grammar reads a question by its shapes; people ask the same thing in many more ("yo quick
q, does the summon itself start a chain??").  A family whose answer reads the card's text alone
(whether an effect starts a Chain, targets, is a Quick Effect, is a cost), or the text and one
premise told (a negation: what became of the cost), declares the words that ask it (``frame: cues`` in ``knowledge/questions.yaml``) and its
canonical question (``frame: ask``).  A question the other readings left unplaced is read so:

- **what is asked**: the cue of exactly one such family, in the sentence(s) that ask (those with
  a question mark, else the last);
- **about which card**: the one card those sentences name (else the one card the whole question
  names); an effect, a Summon of it (its kind read), or its activation;
- **every other word of the asked sentences** is a frame word (``parser/frames.yaml``: "does",
  "it", a player), discourse (the lexicon's), a word the other answer uses ("... or does it just
  happen?"), or a word that describes the effect and that its text says (grounded: "its search"
  reads an effect that adds a card).  A word that may change what is asked (``blocking``: "not",
  "only", "still", "if", "negated", a number ...) or that nothing places leaves the question to
  the other readings: it is never set aside;
- **the story** before the asked sentences cannot change what a card's text does: it is set
  aside, and said so.  When more than one effect fits, the answer must be the same for each.

The frame gives the canonical question, which the grammar then reads like any other: its answer
and proof are that question's, and the restatement says how the question was read.

Its modules, in the order a question goes through them: :mod:`.words` (the vocabulary and
sentences), :mod:`.read` (a question → its frame, English only), :mod:`.pairs` (a question of two
cards, one protected by its text), :mod:`.ground` (the frame → canonical questions, grounded in
the card's text), :mod:`.reading` (the whole reading, with the changes shown), :mod:`.guess`
(the nearest questions of a refusal).  A question whose story decides it is read by a story's
frame instead (:func:`by_story`): :mod:`.story` (what they share), :mod:`.targeted` (a target
told changed), :mod:`.conditions` (what an activation condition looked at, told changed),
:mod:`.unable` (a part told unable), :mod:`.itself` (the card itself told gone).  It names no
card.
"""

from .guess import guesses
from .read import Frame, read_frame
from .reading import by_frame, by_story
from .words import vocabulary

__all__ = ["Frame", "by_frame", "by_story", "guesses", "read_frame", "vocabulary"]
