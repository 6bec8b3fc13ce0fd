"""The known states of the boards (docs/board_states.txt) and the judge of tools/bench/board_bench.py's
lines against them, as docs/memory_ceilings.txt is for peaks.

One ``board run state [ceiling [cuts]]`` a line (# starts a comment):
- run: ``mpy`` and ``frozen`` (CircuitPython 10's VM core, the app from .mpy or frozen),
  ``firmware`` (the stock firmware in rp2040js, tools/firmware/emulated_boards.py);
- state: ``fits`` (fits: yes), ``ends`` (the tour or game ended, but the board does not fit, or a
  firmware run: its script ended, a game and Continue by default), ``fails`` (it does not end yet:
  MemoryError); a firmware run that stopped for another reason (a traceback, a hang, a timeout:
  ``failed at``) is worse than any of them;
- ceiling: the most the peak may be (bytes), ``-`` for none yet;
- cuts (firmware lines only): ``safe`` (the run must cut the power inside its saves, ``C power cuts,
  L lost``, and lose nothing) or ``loses`` (a lost game is known: reported, not failed); none: the
  cuts are not judged.

A line fails CI when its board's state is worse than the known one (``fits`` > ``ends`` >
``fails``), its peak is above the ceiling, it has no known state, or it is not in a known form;
a board known not to fit or finish yet does not. A state better than the known one passes and
says so: write it down. A ``safe`` board's line fails when a power cut lost the game, or when no
cuts ran ("power cuts not run" or "failed")."""

import re

RANK = {"fails": 0, "ends": 1, "fits": 2}
BROKEN = -1  # a firmware run that failed otherwise (never a known state)
CORE = re.compile(r"^(\w+) \(CircuitPython 10 core, (\.mpy|frozen)\): peak (\d+) B of \d+ B budget.*"
                  r"in a \d+-byte heap \(its budget\) the tour (ended|[^;]+);.*fits: (yes|no)$")
FIRMWARE = re.compile(r"^(\w+) \(CircuitPython 10 firmware, rp2040js\): (game ended[^;]*|tour ended|"
                      r"MemoryError[^;]*|failed at[^;]*);"
                      r"(?:.*?peak (\d+) B)?")
CUTS = re.compile(r"; (?:(\d+) power cuts, (\d+) lost|power cuts (?:not run|failed)[^;]*);")
CUT_STATES = ("safe", "loses")


def read(path):
    """{(board, run): (state, ceiling or None)}."""
    table = {}
    with open(path) as f:
        for n, raw in enumerate(f, 1):
            line = raw.split("#", 1)[0].strip()
            if not line:
                continue
            parts = line.split()
            if (len(parts) not in (3, 4, 5) or parts[1] not in ("mpy", "frozen", "firmware") or parts[2] not in RANK
                    or parts[3:4] not in ([], ["-"]) and not parts[3].isdigit()
                    or parts[4:] and (parts[1] != "firmware" or parts[4] not in CUT_STATES)):
                raise SystemExit("board_states: %s:%d: expected 'board mpy|frozen|firmware fits|ends|fails "
                                 "[ceiling|- [safe|loses]]' (safe|loses: firmware only), got %r" % (path, n,
                                                                                                    raw.strip()))
            ceiling = int(parts[3]) if parts[3:4] and parts[3].isdigit() else None
            table[(parts[0], parts[1])] = (parts[2], ceiling) + tuple(parts[4:])
    return table


def cuts_of(line):
    """(power cuts run, lost) of a firmware line; (0, 0) when none ran; None when it says nothing of them."""
    m = CUTS.search(line)
    if m is None:
        return None
    return (int(m.group(1)), int(m.group(2))) if m.group(1) else (0, 0)


def state_of(line):
    """(board, run, state, peak or None) of a bench line, or None when it is not one."""
    m = CORE.match(line)
    if m:
        board, kind, peak, ended, fits = m.groups()
        state = "fits" if fits == "yes" else "ends" if ended == "ended" else "fails"
        return board, "mpy" if kind == ".mpy" else "frozen", state, int(peak)
    m = FIRMWARE.match(line)
    if m:
        board, how, peak = m.groups()
        state = "fails" if how.startswith("MemoryError") else "failed" if how.startswith("failed") else "ends"
        return board, "firmware", state, int(peak) if peak else None
    return None


def judge(lines, known):
    """(exit status, messages) of bench lines against the known states."""
    status = 0
    messages = []
    for line in lines:
        got = state_of(line)
        if got is None:
            messages.append("board_bench: not a bench line: %r" % line)
            status = 1
            continue
        board, run, state, peak = got
        if (board, run) not in known:
            messages.append("board_bench: %s %s has no known state in docs/board_states.txt" % (board, run))
            status = 1
            continue
        was, ceiling = known[(board, run)][:2]
        cut_state = known[(board, run)][2] if len(known[(board, run)]) > 2 else None
        if RANK.get(state, BROKEN) < RANK[was]:
            messages.append("board_bench: %s %s: %s, known to be %s: a regression" % (board, run, state, was))
            status = 1
        elif RANK.get(state, BROKEN) > RANK[was]:
            messages.append("board_bench: %s %s: %s, better than the known %s: write it in docs/board_states.txt"
                            % (board, run, state, was))
        if ceiling is not None and peak is not None and peak > ceiling:
            messages.append("board_bench: %s %s: peak %d B is above its ceiling %d B: a regression (lower the "
                            "peak; raise the ceiling only with a reason)" % (board, run, peak, ceiling))
            status = 1
        if cut_state is not None:
            cuts = cuts_of(line)
            n, lost = cuts if cuts else (0, 0)
            if lost:
                messages.append("board_bench: %s %s: %d of %d power cuts lost the game (the details above say "
                                "where)%s" % (board, run, lost, n, ": known (loses)" if cut_state == "loses" else
                                              ": a regression"))
                if cut_state == "safe":
                    status = 1
            elif cut_state == "safe" and not n:
                messages.append("board_bench: %s %s: no power cuts ran, known safe: a regression" % (board, run))
                status = 1
            elif cut_state == "loses" and n:
                messages.append("board_bench: %s %s: %d power cuts, none lost, known to lose: better; write safe "
                                "in docs/board_states.txt" % (board, run, n))
    return status, messages
