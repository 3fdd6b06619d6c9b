"""Chromium's fake camera filming a phone's screen: the desk's real getUserMedia, jsQR and the
desk/scan lookup run on the very picture the player's screen shows (e2e/test_sign_up_night.py)."""

from io import BytesIO
from pathlib import Path

from PIL import Image

FRAME = (640, 480)  # the fake camera's frames: a phone camera's 4:3


def y4m_of(png: bytes, path: Path, frames: int = 3) -> Path:
    """A video for Chromium's fake camera: the picture centred on white, as 4:2:0 frames of a
    YUV4MPEG2 file (a text header, then 'FRAME\\n' and the Y, U and V planes of each frame). The
    picture is grey (a QR code): the luma is the picture, both chroma planes neutral (128)."""
    picture = Image.open(BytesIO(png)).convert("L")
    width, height = FRAME
    side = int(height * 0.8)
    picture = picture.resize((side, side), Image.NEAREST)
    frame = Image.new("L", FRAME, 255)
    frame.paste(picture, ((width - side) // 2, (height - side) // 2))
    luma = frame.tobytes()
    chroma = bytes([128]) * (width // 2 * height // 2)
    with path.open("wb") as out:
        out.write(f"YUV4MPEG2 W{width} H{height} F10:1 Ip A1:1 C420jpeg\n".encode())
        for _ in range(frames):
            out.write(b"FRAME\n" + luma + chroma + chroma)
    return path
