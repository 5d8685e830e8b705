"""WSGI entry point: ``chessclub_web.wsgi:application``."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "chessclub_web.settings")

application = get_wsgi_application()
