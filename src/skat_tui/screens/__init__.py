"""The app's screens: the table, the dialogs over it, results and settings."""

from .dialogs import ConfirmScreen, HelpScreen, LastTrickScreen, QuitScreen, TooSmallScreen
from .result import DealResultScreen, ScoreSheetScreen
from .settings_screen import SettingsScreen
from .table import TableScreen

__all__ = [
    "ConfirmScreen",
    "DealResultScreen",
    "HelpScreen",
    "LastTrickScreen",
    "QuitScreen",
    "ScoreSheetScreen",
    "SettingsScreen",
    "TableScreen",
    "TooSmallScreen",
]
