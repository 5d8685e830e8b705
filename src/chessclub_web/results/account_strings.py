"""The texts of the account pages (``templates/registration/``: login, password reset),
listed here so that ``makemessages`` run in this app puts them into the results app's
catalogue (issue 5 owns those pages; the site catalogue is the lead's)."""

from django.utils.translation import gettext_noop

ACCOUNT_STRINGS = (
    gettext_noop("Forgotten password?"),
    gettext_noop("Forgotten password"),
    gettext_noop(
        "Enter the e-mail address of your account: we send you a link to choose a new password."
    ),
    gettext_noop("E-mail address"),
    gettext_noop("Send the link"),
    gettext_noop(
        "If an account has this e-mail address, a link to choose a new password has been sent "
        "to it. Check your mailbox (and its spam folder)."
    ),
    gettext_noop("New password"),
    gettext_noop("New password (again)"),
    gettext_noop("Change my password"),
    gettext_noop("This link is not valid any more (already used or too old). Ask for a new one."),
    gettext_noop("Your password has been changed. You can log in with it."),
    gettext_noop("chessclub: choose a new password"),
    gettext_noop(
        "Someone (probably you) asked to choose a new password for the account "
        "“%(username)s” on chessclub (%(domain)s)."
    ),
    gettext_noop("Open this link to choose it:"),
    gettext_noop("If you did not ask for it, ignore this message: your password stays as it is."),
    # The tab labels of this app (declared in tournaments/tabs.py).
    gettext_noop("Calendar"),
    gettext_noop("History"),
)
