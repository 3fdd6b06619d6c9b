from .auth import bp as auth_bp
from .cash import bp as cash_bp
from .chip_sets import bp as chip_sets_bp
from .club_calendar import bp as club_calendar_bp
from .club_images import bp as club_images_bp, media_bp
from .club_stats import bp as club_stats_bp
from .clubs import bp as clubs_bp
from .commands import bp as commands_bp
from .deal import bp as deal_bp
from .desk_scan import bp as desk_scan_bp
from .directors import bp as directors_bp
from .exports import bp as exports_bp
from .hendon_mob import bp as hendon_mob_bp
from .history import bp as history_bp
from .league import bp as league_bp
from .lobby import bp as lobby_bp
from .my_data import bp as my_data_bp
from .openapi import bp as openapi_bp
from .phone import bp as phone_bp
from .print_assets import bp as print_assets_bp
from .printouts import bp as printouts_bp
from .publish import bp as publish_bp
from .push import bp as push_bp
from .registration_import import bp as registration_import_bp
from .review import bp as review_bp
from .sign_up import bp as sign_up_bp
from .standings_mail import bp as standings_mail_bp
from .tournaments import bp as tournaments_bp
from .venue import bp as venue_bp
from .views import bp as views_bp
from .workbooks import bp as workbooks_bp

BLUEPRINTS = [
    auth_bp,
    commands_bp,
    openapi_bp,
    tournaments_bp,
    views_bp,
    league_bp,
    exports_bp,
    workbooks_bp,
    hendon_mob_bp,
    cash_bp,
    deal_bp,
    printouts_bp,
    review_bp,
    directors_bp,
    clubs_bp,
    registration_import_bp,
    phone_bp,
    history_bp,
    venue_bp,
    print_assets_bp,
    push_bp,
    sign_up_bp,
    club_calendar_bp,
    desk_scan_bp,
    my_data_bp,
    lobby_bp,
    club_images_bp,
    chip_sets_bp,
    club_stats_bp,
    media_bp,
    publish_bp,
    standings_mail_bp,
]
