from django.urls import path

from chessclub_web.background import views

urlpatterns = [
    path("jobs/<uuid:job_id>/", views.job_page, name="job"),
]
