"""URL map of the web app (see the module docstrings of each view for permissions and the
HTTP methods each page takes: any other answers 405)."""

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from chessclub_web.about import about
from chessclub_web.api.api import api
from chessclub_web.clubs import views as club_views
from chessclub_web.throttle import ThrottledPasswordResetForm
from chessclub_web.tournaments import views as tournament_views

urlpatterns = [
    path("", club_views.home, name="home"),
    path("about/", about, name="about"),
    path("health/", include("chessclub_web.health")),
    # The JSON API (chessclub_web.api, docs/api.md): its OpenAPI schema at /api/v1/schema.
    path("api/v1/", api.urls),
    path("clubs/new/", club_views.create_club, name="create_club"),
    path("clubs/<str:number>/", club_views.club_detail, name="club"),
    path("clubs/<str:number>/members/", club_views.members, name="members"),
    path("clubs/<str:number>/members/add/", club_views.add_member, name="member_add"),
    path(
        "clubs/<str:number>/members/<int:pk>/role/",
        club_views.change_role,
        name="member_role",
    ),
    path(
        "clubs/<str:number>/members/<int:pk>/remove/",
        club_views.remove_member,
        name="member_remove",
    ),
    path(
        "clubs/<str:number>/import/",
        tournament_views.import_tournament,
        name="import_tournament",
    ),
    path(
        "clubs/<str:number>/tournaments/<int:pk>/",
        tournament_views.standings,
        name="tournament",
    ),
    path(
        "clubs/<str:number>/tournaments/<int:pk>/crosstable/",
        tournament_views.crosstable,
        name="crosstable",
    ),
    path(
        "clubs/<str:number>/tournaments/<int:pk>/explain/<int:start_no>/<path:code>/",
        tournament_views.explain_tiebreak,
        name="explain_tiebreak",
    ),
    path(
        "clubs/<str:number>/tournaments/<int:pk>/settings/",
        tournament_views.tournament_settings,
        name="tournament_settings",
    ),
    path(
        "accounts/login/",
        auth_views.LoginView.as_view(http_method_names=["get", "head", "post"]),
        name="login",
    ),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    # Password reset by e-mail; the templates are chessclub's own names
    # (django.contrib.admin's registration/password_reset_* would win otherwise). The form
    # sends at most a few mails per address and per client an hour (chessclub_web.throttle);
    # logins, this one and the admin's, are throttled by django-axes (settings.py).
    path(
        "accounts/password-reset/",
        auth_views.PasswordResetView.as_view(
            form_class=ThrottledPasswordResetForm,
            template_name="registration/reset_form.html",
            email_template_name="registration/reset_email.txt",
            subject_template_name="registration/reset_subject.txt",
        ),
        name="password_reset",
    ),
    path(
        "accounts/password-reset/sent/",
        auth_views.PasswordResetDoneView.as_view(template_name="registration/reset_sent.html"),
        name="password_reset_done",
    ),
    path(
        "accounts/reset/<uidb64>/<token>/",
        auth_views.PasswordResetConfirmView.as_view(
            template_name="registration/reset_confirm.html"
        ),
        name="password_reset_confirm",
    ),
    path(
        "accounts/reset/done/",
        auth_views.PasswordResetCompleteView.as_view(
            template_name="registration/reset_complete.html"
        ),
        name="password_reset_complete",
    ),
    # One app per area; each app's urls.py holds its full paths (clubs/<number>/…).
    path("", include("chessclub_web.tournaments.urls")),
    path("", include("chessclub_web.pairings.urls")),
    path("", include("chessclub_web.results.urls")),
    path("", include("chessclub_web.closing.urls")),
    path("", include("chessclub_web.federation.urls")),
    path("", include("chessclub_web.frbe.urls")),
    path("", include("chessclub_web.fse.urls")),
    path("", include("chessclub_web.teams.urls")),
    path("", include("chessclub_web.keizer.urls")),
    path("", include("chessclub_web.cups.urls")),
    path("", include("chessclub_web.scheveningen.urls")),
    path("", include("chessclub_web.documents.urls")),
    path("", include("chessclub_web.background.urls")),
    path("", include("chessclub_web.accounts.urls")),
    path("", include("chessclub_web.reports.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
]
