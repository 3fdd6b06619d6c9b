from .auth import bp as auth_bp
from .commands import bp as commands_bp
from .exports import bp as exports_bp
from .league import bp as league_bp
from .openapi import bp as openapi_bp
from .tournaments import bp as tournaments_bp
from .views import bp as views_bp

BLUEPRINTS = [auth_bp, commands_bp, openapi_bp, tournaments_bp, views_bp, league_bp, exports_bp]
