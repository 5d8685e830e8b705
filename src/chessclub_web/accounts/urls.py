"""The accounts app's pages (full paths; included by ``chessclub_web.urls``): *Mon compte*,
its personal API tokens and the password change (see ``views``)."""

from django.contrib.auth import views as auth_views
from django.urls import URLPattern, path, reverse_lazy

from chessclub_web.accounts import views

urlpatterns: list[URLPattern] = [
    path("accounts/", views.account, name="account"),
    path("accounts/tokens/", views.create, name="token_create"),
    path("accounts/tokens/<int:pk>/revoke/", views.revoke, name="token_revoke"),
    # Django's password change (it needs a logged-in account), in the site's pages.
    path(
        "accounts/password/",
        auth_views.PasswordChangeView.as_view(
            template_name="accounts/password_change.html",
            success_url=reverse_lazy("password_change_done"),
            http_method_names=["get", "head", "post"],
        ),
        name="password_change",
    ),
    path(
        "accounts/password/done/",
        auth_views.PasswordChangeDoneView.as_view(
            template_name="accounts/password_change_done.html",
            http_method_names=["get", "head"],
        ),
        name="password_change_done",
    ),
]
