"""Reinforcement-learning environments of Omaha Hi/Lo: ``pip install 'omaha8[rl]'`` (gymnasium, pettingzoo).

* :mod:`omaha8.envs.omaha_hilo_v0`: a PettingZoo AEC environment, one
  table, every seat an agent (``omaha_hilo_v0.env(num_players=6,
  structure="pot-limit", variant=4)``).
* :class:`OmahaHiLoEnv`: a Gymnasium environment of one seat against
  built-in opponents (``"call"``, ``"random"``) or callables, registered as
  ``"omaha8/OmahaHiLo-v0"``.
* :class:`OmahaHiLoVectorEnv`: many such tables as one Gymnasium vector
  environment (``gymnasium.make_vec("omaha8/OmahaHiLo-v0", num_envs=n)``),
  played on :class:`omaha8.game.BatchTables` at batch speed.

Each episode is one hand, from the starting stacks (or, in the vector
environment with ``carry_stacks=True``, from where the last hand left
them); observations are the
``float32`` vectors of :class:`ObservationLayout`; the actions are fold,
check/call, raises of fractions of the pot (clamped to the legal bounds)
and all-in; rewards are net chips (or big blinds). The hands are played by
:mod:`omaha8.game`, whose rules they follow to the chip.

``import omaha8`` does not load this package; importing it loads
gymnasium, when installed, to register the environment id, and pettingzoo
only with :mod:`omaha8.envs.omaha_hilo_v0`. Without them, the environments
raise :class:`~omaha8.errors.MissingExtraError` (an ``ImportError``) naming
the extra to install.

>>> import gymnasium as gym
>>> import omaha8.envs
>>> env = gym.make("omaha8/OmahaHiLo-v0", num_players=3, opponents="random")
>>> obs, info = env.reset(seed=0)
>>> env.unwrapped.layout.size == obs.shape[0] == 124
True
>>> omaha8.envs.ObservationLayout(3).board
slice(52, 104, None)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ._encoding import ObservationLayout

if TYPE_CHECKING:
    from .seat_env import OmahaHiLoEnv
    from .vector_env import OmahaHiLoVectorEnv

__all__ = ["ENV_ID", "ObservationLayout", "OmahaHiLoEnv", "OmahaHiLoVectorEnv", "register"]

#: The Gymnasium id of :class:`OmahaHiLoEnv` (and, through ``make_vec``, :class:`OmahaHiLoVectorEnv`).
ENV_ID = "omaha8/OmahaHiLo-v0"

_LAZY = {"OmahaHiLoEnv": ".seat_env", "OmahaHiLoVectorEnv": ".vector_env"}

if not TYPE_CHECKING:  # type checkers read the imports above

    def __getattr__(name: str) -> Any:
        module = _LAZY.get(name)
        if module is None:
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
        from importlib import import_module

        value = getattr(import_module(module, __name__), name)
        globals()[name] = value
        return value


def register() -> None:
    """Register :data:`ENV_ID` with Gymnasium (done on import when gymnasium is installed)."""
    import gymnasium

    if ENV_ID not in gymnasium.registry:
        gymnasium.register(ENV_ID, entry_point="omaha8.envs.seat_env:OmahaHiLoEnv",
                           vector_entry_point="omaha8.envs.vector_env:OmahaHiLoVectorEnv")


try:
    register()
except ImportError:  # without gymnasium there is nothing to register with; the environments say what is missing
    pass
