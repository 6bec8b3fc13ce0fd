"""The rules reader's text, written from the rule table (``yahtzee_core/rules.py``) and the
board's key help: no second copy of the rules. Imported only while the reader is open.

    sections(rules, keymap_help) -> [(title, text), ...]   # text: paragraphs split by "\\n"

Every box's description follows its kind and parameters, and its example is scored by the
rule set itself (``RuleSet.score_counts``)."""

from yahtzee_core import rules as R

# A roll that scores in a box of each kind (the score is computed, never written here).
_EXAMPLE_UPPER = (2, 3, 5, 5, 5)  # face a replaces the 5s below
_EXAMPLE_KIND = {3: (4, 4, 4, 2, 6), 4: (4, 4, 4, 4, 2)}
_EXAMPLE_PAIRS = (3, 3, 5, 5, 1)
_EXAMPLE_FULL_HOUSE = (2, 2, 5, 5, 5)
_EXAMPLE_YAHTZEE = (6, 6, 6, 6, 6)
_EXAMPLE_CHANCE = (1, 3, 4, 6, 6)
_FACE_WORDS = ("", "1s", "2s", "3s", "4s", "5s", "6s")


def _straight_example(a, c):
    start = c if c else 1
    run = [start + k for k in range(a)]
    while len(run) < 5:
        run.append(run[0])  # a spare die that keeps the run (a 1-2-3-4 and another 1)
    return tuple(run)


def _example(rs, box):
    kind = rs.kinds[box]
    a = rs.param_a[box]
    if kind == R.UPPER:
        return tuple([a if d == 5 else (d if d != a else 1) for d in _EXAMPLE_UPPER])
    if kind == R.KIND:
        return _EXAMPLE_KIND.get(a, (4, 4, 4, 4, 4))
    if kind == R.PAIRS:
        return _EXAMPLE_PAIRS
    if kind == R.FULL_HOUSE:
        return _EXAMPLE_FULL_HOUSE
    if kind == R.STRAIGHT:
        return _straight_example(a, rs.param_c[box])
    if kind == R.YAHTZEE:
        return _EXAMPLE_YAHTZEE
    return _EXAMPLE_CHANCE


def describe(rs, box):
    """What ``box`` asks for and what it scores (one paragraph)."""
    kind = rs.kinds[box]
    a = rs.param_a[box]
    b = rs.param_b[box]
    if kind == R.UPPER:
        return "Scores the total of the dice showing %d; the other dice do not count." % a
    if kind == R.KIND:
        if b == 0:
            return "At least %d dice the same: scores the total of all five dice." % a
        return "At least %d dice the same: scores those %d dice only." % (a, a)
    if kind == R.PAIRS:
        if a == 1:
            return "Two dice the same: scores the highest pair."
        return "Two pairs of different faces: scores those four dice."
    if kind == R.FULL_HOUSE:
        if b:
            return "Three of one face and two of another: %d points." % b
        return "Three of one face and two of another: scores the total of the dice."
    if kind == R.STRAIGHT:
        c = rs.param_c[box]
        if c:
            run = "-".join([str(c + k) for k in range(a)])
            return "Exactly %s: %d points." % (run, b)
        return "%d faces in a row, like %s: %d points." % (a, "-".join([str(2 + k) for k in range(a)]), b)
    if kind == R.YAHTZEE:
        return "All five dice the same: %d points." % b
    return "Any dice: scores their total."


def example(rs, box):
    """"Example: 4 4 4 2 6 scores 20." (scored by the rule set)."""
    dice = _example(rs, box)
    counts = bytearray(7)
    for d in dice:
        counts[d] += 1
    return "Example: %s scores %d." % (" ".join([str(d) for d in dice]), rs.score_counts(box, counts, sum(dice)))


def how_to_play(rs):
    n = rs.n_boxes
    return ("%d rounds. Each turn, roll the five dice up to 3 times, holding the dice you want "
            "to keep between rolls.\nThen score the dice in one open box. Every box is filled "
            "once, with 0 when the dice do not fit it.\nThe highest total after %d rounds wins."
            % (n, n))


def bonuses(rs):
    parts = []
    if rs.upper_bonus:
        text = "Upper bonus: %d or more in %s to %s adds %d points." % (
            rs.upper_threshold, rs.labels[0], rs.labels[5], rs.upper_bonus)
        if rs.upper_threshold == 63:
            text += (" Three of each face make 63. Par, on the scorecard and the play screen (+3, -2),"
                     " is how far the filled upper boxes are above or below three of each face:"
                     " at 0 or more the bonus is on course.")
        parts.append(text)
    if rs.yahtzee_bonus:
        yz = rs.labels[rs.yahtzee_box]
        parts.append("%s bonus: each further %s adds %d points while the %s box holds %d." % (
            yz, yz, rs.yahtzee_bonus, yz, rs.param_b[rs.yahtzee_box]))
    if not parts:
        return "%s has no bonuses: the total is the boxes added up." % rs.title
    return "\n".join(parts)


def joker(rs):
    """The Joker rule of this rule set, or None when it has none."""
    if rs.joker == R.JOKER_NONE:
        return None
    yz = rs.labels[rs.yahtzee_box]
    lower = []
    for b in range(rs.n_boxes):
        if rs.kinds[b] == R.FULL_HOUSE or rs.kinds[b] == R.STRAIGHT:
            lower.append(rs.labels[b])
    fixed = ", ".join(lower)
    if rs.joker == R.JOKER_FORCED:
        return ("Joker (official): a further %s, once its box is filled, must go in the upper box "
                "of its face (five 4s: %s) if that is open; else in any open lower box, where "
                "%s score in full; else as 0 in an upper box." % (yz, rs.labels[3], fixed))
    return ("Joker (free choice): a further %s, once its box is filled, may go in any open box. "
            "%s score in full only when the upper box of its face is filled." % (yz, fixed))


def keys(keymap_help):
    return "\n".join([k + ": " + m for k, m in keymap_help])


def sections(rs, keymap_help):
    """Every section of the reader for this rule set and board, in reading order."""
    out = [("How to play", how_to_play(rs))]
    for box in range(rs.n_boxes):
        out.append((rs.labels[box], describe(rs, box) + "\n" + example(rs, box)))
    out.append(("Bonuses", bonuses(rs)))
    j = joker(rs)
    if j is not None:
        out.append(("Joker rule", j))
    out.append(("Keys", keys(keymap_help)))
    return out
