"""Computer players and the game loop.

:class:`Player` is the protocol (given a seat's view and its legal actions,
choose one); :class:`RandomPlayer` and :class:`GreedyPlayer` are two players;
:func:`play_game` plays a whole game between them.
"""

from .base import Choice, Pass, Player
from .game import Step, play_game, play_next, play_step
from .greedy import GreedyPlayer
from .random_player import RandomPlayer

__all__ = ["Choice", "GreedyPlayer", "Pass", "Player", "RandomPlayer", "Step", "play_game", "play_next", "play_step"]
