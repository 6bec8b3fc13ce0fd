"""Players and a coach kept for the app's life: what ``App`` uses when it is given no
``strategy`` (tests, bare Apps on a desktop). A board's code.py passes ``ui/strategy_set.StrategySet``
and never loads this module."""


class Resident:
    """Players and a coach made by the caller and kept for the app's life (tests, bare Apps):
    the same interface, nothing built or dropped. The greedy player for every computer seat
    when ``policies`` is None."""

    planner = None  # (a StrategySet's: built while a game goes on)

    def __init__(self, policies=None, coach=None):
        if policies is None:
            from yahtzee_core.easy_player import EasyPlayer

            bot = EasyPlayer()
            policies = (None, bot, bot, bot)
        self.policies = policies
        self.coach = coach
        self.coaches = coach is not None
        self.builds = 0

    def acquire(self, notice=None, kinds=15):
        return False

    def release(self):
        return False

    def park(self):
        return False
