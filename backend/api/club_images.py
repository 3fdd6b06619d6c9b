"""The room's screens: a club's logo and sponsor images and its TVs' theme (docs/club-images.md).

A director with full access uploads an image from his phone (multipart/form-data); the bytes are
re-encoded by documents/club_image.py (never stored as sent) and kept in the database, one row per
image, so every worker serves them and the backups hold them. The TVs read the club's look
(GET /api/display/look) and load the images from /media/<club_id>/<id>-<sha12>.<png|webp>: no token
(an <img> cannot send one), an address that names the content (its SHA-256) so it is cached for a year
and never changes, and a club's images only under its own id.
"""

from __future__ import annotations

import re
from typing import cast

from flask import Blueprint, Response, jsonify, request
from flask.typing import ResponseReturnValue
from sqlalchemy import func
from sqlalchemy.orm import QueryableAttribute, defer
from sqlmodel import Session, col, select
from werkzeug.exceptions import RequestEntityTooLarge

from ..auth.access import Caller, require_club_director, require_director, require_role
from ..documents import club_image as img
from ..errors import ApiError
from ..floor import floor
from ..off_loop import off_loop
from ..service import now_ms
from ..store import Club, existing, session_scope, stored_id
from ..store.models import ClubImage
from . import answer_schemas as out
from .contract import documented
from .schemas import ImageChangeSchema, ImageUploadSchema, LookSettingsSchema

bp = Blueprint("club_images", __name__, url_prefix="/api")
media_bp = Blueprint("media", __name__)

MAX_SPONSORS = 8
# The form around the file (boundaries, the kind and name fields) on top of the file's own limit.
FORM_SLACK = 64 * 1024
MEDIA_PREFIX = "/media"
# An image opened on its own (a director taps its link): nothing in that document may run or load.
MEDIA_CSP = "default-src 'none'; img-src 'self'; frame-ancestors 'none'; sandbox"
IMMUTABLE = "public, max-age=31536000, immutable"
_MEDIA_NAME = re.compile(r"([1-9][0-9]{0,9})-([0-9a-f]{12})\.(png|webp)")

UPLOAD_FORM = {
    "type": "object",
    "required": ["file", "kind"],
    "properties": {
        "file": {
            "type": "string",
            "format": "binary",
            "description": f"PNG, JPEG, WebP or GIF; at most {img.MAX_BYTES // (1024 * 1024)} MB and "
            f"{img.MAX_PIXELS} pixels. SVG is refused.",
        },
        "kind": {"type": "string", "enum": list(img.KINDS)},
        "name": {"type": "string", "maxLength": 60},
    },
}


def media_url(row: ClubImage) -> str:
    return f"{MEDIA_PREFIX}/{row.club_id}/{row.id}-{row.sha256[:12]}.{row.mime.split('/', 1)[1]}"


def image_json(row: ClubImage, size: int) -> dict:
    return {
        "id": stored_id(row),
        "kind": row.kind,
        "name": row.name,
        "position": row.position,
        "url": media_url(row),
        "mime": row.mime,
        "width": row.width,
        "height": row.height,
        "bytes": size,
        "created_at": row.created_at,
    }


def _images(session: Session, club_id: int) -> list[ClubImage]:
    """The club's images: its logo first, then the sponsors in their order; their bytes are not
    read (a look is asked for every few minutes by every TV, the bytes only by /media, once)."""
    rows = session.exec(
        select(ClubImage)
        .options(defer(cast(QueryableAttribute, ClubImage.data)))  # SQLModel types the column as bytes
        .where(ClubImage.club_id == club_id)
        .order_by(col(ClubImage.kind), col(ClubImage.position), col(ClubImage.id))
    ).all()
    return list(rows)  # "logo" sorts before "sponsor"


def _sponsors(rows: list[ClubImage]) -> list[ClubImage]:
    return [r for r in rows if r.kind == "sponsor"]


def _logo(rows: list[ClubImage]) -> ClubImage | None:
    return next((r for r in rows if r.kind == "logo"), None)


def screens_json(session: Session, club: Club) -> dict:
    rows = _images(session, stored_id(club))
    logo = _logo(rows)
    sizes = dict(
        session.exec(
            select(ClubImage.id, func.length(ClubImage.data)).where(ClubImage.club_id == stored_id(club))
        ).all()
    )
    return {
        "theme": club.theme,
        "rotate_s": club.rotate_s,
        "logo": image_json(logo, sizes[logo.id]) if logo else None,
        "sponsors": [image_json(r, sizes[r.id]) for r in _sponsors(rows)],
        "limits": {
            "max_bytes": img.MAX_BYTES,
            "max_pixels": img.MAX_PIXELS,
            "max_side": img.MAX_SIDE,
            "max_sponsors": MAX_SPONSORS,
            "keep_side": dict(img.KEEP_SIDE),
        },
    }


def look_json(session: Session, club: Club) -> dict:
    rows = _images(session, stored_id(club))
    logo = _logo(rows)
    return {
        "theme": club.theme,
        "logo": {"url": media_url(logo), "width": logo.width, "height": logo.height} if logo else None,
        "sponsors": [
            {"url": media_url(r), "name": r.name, "width": r.width, "height": r.height} for r in _sponsors(rows)
        ],
        "rotate_s": club.rotate_s,
    }


def _locked_club(session: Session, club_id: int) -> Club:
    """The club's row, locked until the transaction ends (PostgreSQL; SQLite's writes are one at a
    time anyway): two uploads at once cannot both take the eighth sponsor's place."""
    return existing(session.exec(select(Club).where(Club.id == club_id).with_for_update()).first())


def _renumber(sponsors: list[ClubImage]) -> None:
    for position, row in enumerate(sponsors):
        row.position = position


def _too_big() -> ApiError:
    return ApiError(
        413,
        "file_too_big",
        f"The file is larger than {img.MAX_BYTES // (1024 * 1024)} MB: send a smaller image.",
        "file",
    )


def _uploaded_file() -> bytes:
    """The `file` part's bytes, at most MAX_BYTES of them read: a bigger upload is refused by its
    Content-Length before anything is read, and one without (chunked) where it passes the limit."""
    if (request.content_length or 0) > img.MAX_BYTES + FORM_SLACK:
        raise _too_big()
    if request.mimetype != "multipart/form-data":
        raise ApiError(400, "multipart_expected", "Send the image as multipart/form-data with a `file` field.", "file")
    request.max_content_length = img.MAX_BYTES + FORM_SLACK
    try:
        part = request.files.get("file")
    except RequestEntityTooLarge:
        raise _too_big() from None
    if part is None:
        raise ApiError(400, "validation", "file: Choose an image file.", "file")
    data = part.stream.read(img.MAX_BYTES + 1)
    if len(data) > img.MAX_BYTES:
        raise _too_big()
    return data


@bp.get("/club/images")
@documented(out.ClubScreens, errors=(401, 403))
def list_images() -> ResponseReturnValue:
    """The club's screens: theme, sponsor rotation, logo and sponsor images, and the upload limits
    (any director of the club)"""
    caller = require_director()
    with session_scope(floor().db) as session:
        return jsonify(screens_json(session, existing(session.get(Club, caller.club))))


@bp.post("/club/images")
@documented(
    out.ClubImage,
    status=201,
    body=UPLOAD_FORM,
    body_media="multipart/form-data",
    errors=(400, 401, 403, 409, 413),
)
def upload_image() -> ResponseReturnValue:
    """Upload the club's logo (replaces the one before) or a sponsor image: checked, re-encoded
    (logo PNG, sponsor WebP), metadata stripped (a director with full access)"""
    caller = require_club_director()
    data = _uploaded_file()
    fields = ImageUploadSchema().load(dict(request.form.items()))
    kind, name = fields["kind"], fields["name"].strip()
    if kind == "sponsor":  # refused before the work of decoding it
        with session_scope(floor().db) as session:
            if len(_sponsors(_images(session, caller.club))) >= MAX_SPONSORS:
                raise _too_many()
    try:
        clean = off_loop(img.clean_image, data, kind)
    except img.ImageProblem as problem:
        raise ApiError(problem.status, problem.error, problem.message, "file") from None
    with session_scope(floor().db) as session:
        _locked_club(session, caller.club)
        rows = _images(session, caller.club)
        sponsors = _sponsors(rows)
        if kind == "sponsor" and len(sponsors) >= MAX_SPONSORS:
            raise _too_many()
        if kind == "logo" and (old := _logo(rows)) is not None:
            session.delete(old)
        row = ClubImage(
            club_id=caller.club,
            kind=kind,
            name=name,
            position=len(sponsors) if kind == "sponsor" else 0,
            mime=clean.mime,
            width=clean.width,
            height=clean.height,
            sha256=clean.sha256,
            data=clean.data,
            created_at=now_ms(),
        )
        session.add(row)
        session.flush()
        return jsonify(image_json(row, len(clean.data))), 201


def _too_many() -> ApiError:
    return ApiError(
        409,
        "too_many_sponsors",
        f"The club has {MAX_SPONSORS} sponsor images, the most a screen rotates: delete one first.",
        "kind",
    )


def _own_image(session: Session, caller: Caller, image_id: int) -> ClubImage:
    """One of the caller's club's images; another club's answers as missing, like one that is not there."""
    row = session.get(ClubImage, image_id)
    if row is None or row.club_id != caller.club:
        raise ApiError(404, "unknown_image", f"There is no image {image_id}.", "image_id")
    return row


@bp.patch("/club/images/<int:image_id>")
@documented(
    out.ClubScreens,
    body=ImageChangeSchema,
    errors=(400, 401, 403, 404),
    access=lambda image_id: require_club_director(),
)
def change_image(image_id: int, body: dict, caller: Caller) -> ResponseReturnValue:
    """Rename a sponsor image or move it to another place in the rotation (0 is first)"""
    with session_scope(floor().db) as session:
        club = _locked_club(session, caller.club)
        row = _own_image(session, caller, image_id)
        if "name" in body:
            row.name = body["name"].strip()
        if "position" in body:
            if row.kind != "sponsor":
                raise ApiError(
                    400, "validation", "position: Only sponsor images have a place in the rotation.", "position"
                )
            sponsors = [r for r in _sponsors(_images(session, caller.club)) if r.id != row.id]
            if body["position"] > len(sponsors):
                raise ApiError(
                    400, "validation", f"position: Must be between 0 and {len(sponsors)} (the last place).", "position"
                )
            sponsors.insert(body["position"], row)
            _renumber(sponsors)
        session.flush()
        return jsonify(screens_json(session, club))


@bp.delete("/club/images/<int:image_id>")
@documented(out.ClubScreens, errors=(401, 403, 404))
def delete_image(image_id: int) -> ResponseReturnValue:
    """Delete a logo or sponsor image (its address stops working; TVs drop it at their next look)"""
    caller = require_club_director()
    with session_scope(floor().db) as session:
        club = _locked_club(session, caller.club)
        row = _own_image(session, caller, image_id)
        session.delete(row)
        session.flush()
        _renumber(_sponsors(_images(session, caller.club)))
        session.flush()
        return jsonify(screens_json(session, club))


@bp.patch("/club/look")
@documented(out.ClubLook, body=LookSettingsSchema, errors=(400, 401, 403), access=require_club_director)
def set_look(body: dict, caller: Caller) -> ResponseReturnValue:
    """The club's TVs: their colour theme and how many seconds each sponsor image is shown"""
    with session_scope(floor().db) as session:
        club = _locked_club(session, caller.club)
        for key in ("theme", "rotate_s"):
            if key in body:
                setattr(club, key, body[key])
        session.add(club)
        session.flush()
        return jsonify(look_json(session, club))


@bp.get("/display/look")
@documented(out.ClubLook, errors=(401, 403))
def display_look() -> ResponseReturnValue:
    """The club's look for its TVs: theme, logo and sponsor images in order, rotation (a display
    link of one of the club's tournaments, or a director of the club)"""
    caller = require_role("display", "director")
    with session_scope(floor().db) as session:
        return jsonify(look_json(session, existing(session.get(Club, caller.club))))


def _no_media() -> ApiError:
    return ApiError(404, "unknown_image", "There is no such image.")


@media_bp.get(f"{MEDIA_PREFIX}/<int:club_id>/<name>")
def media(club_id: int, name: str) -> ResponseReturnValue:
    """An image of a club, as re-encoded at its upload: its address names the club, the image and
    its content, so it never changes (cached for a year) and another club's id finds nothing."""
    match = _MEDIA_NAME.fullmatch(name)
    if match is None:
        raise _no_media()
    image_id, sha12, ext = int(match[1]), match[2], match[3]
    with session_scope(floor().db) as session:
        row = session.get(ClubImage, image_id)
        if row is None or row.club_id != club_id or row.sha256[:12] != sha12 or row.mime != f"image/{ext}":
            raise _no_media()
        data, mime, sha = row.data, row.mime, row.sha256
    response = Response(data, mimetype=mime)
    response.headers["Cache-Control"] = IMMUTABLE
    response.headers["Content-Security-Policy"] = MEDIA_CSP
    response.headers["Cross-Origin-Resource-Policy"] = "same-origin"
    response.set_etag(sha)
    return response.make_conditional(request)


@media_bp.route(f"{MEDIA_PREFIX}/<path:rest>", methods=["GET", "POST", "PUT", "PATCH", "DELETE"])
def no_media(rest: str) -> ResponseReturnValue:
    """Anything else under /media is missing (not the phone app's page, which /<path> would serve)."""
    raise _no_media()
