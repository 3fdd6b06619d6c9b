"""The server's request header reader (backend/venue/request_headers.py) reads every header block
as gevent's own reader (the email package) does: the same pairs, the same refusals."""

import io
import socket

import pytest
from gevent.pywsgi import headers_factory

from backend.venue.request_headers import read_request_headers

PHONE = (
    b"Host: poker.example.org\r\nUser-Agent: Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)\r\n"
    b"Accept: */*\r\nAccept-Language: de-CH,de;q=0.9\r\nAuthorization: Bearer abc.DEF_123-xyz\r\n"
    b"Content-Type: application/json\r\nContent-Length: 154\r\nConnection: keep-alive\r\n\r\n"
)

BLOCKS = {
    "a phone's command": PHONE,
    "bare LF line ends": PHONE.replace(b"\r\n", b"\n"),
    "an empty value and blanks around it": b"X-Empty:\r\nX-Tabs:\t \tvalue \t\r\n\r\n",
    "a header twice": b"Cookie: a=1\r\nCookie: b=2\r\n\r\n",
    "a colon in the value": b"Host: [::1]:5000\r\nX-Time: 12:30:00\r\n\r\n",
    "latin-1 bytes in a value": "X-Name: Jürg Müller\r\n\r\n".encode("latin-1"),
    "chunked with a length": b"Transfer-Encoding: chunked\r\nContent-Length: 5\r\n\r\n",
    # what goes to the email parser as before
    "a folded line": b"X-Long: first\r\n  second\r\nHost: a\r\n\r\n",
    "a line with no name": b"Host: a\r\nno colon here\r\nX-After: b\r\n\r\n",
    "a space before the colon": b"Host : a\r\nX-After: b\r\n\r\n",
    "a line starting with a colon": b":odd: a\r\nHost: b\r\n\r\n",
    "a lone CR inside a value": b"X-Split: a\rX-Smuggled: b\r\nHost: c\r\n\r\n",
    "the block cut short": b"Host: a\r\nX-Cut: b",
    "no headers at all": b"\r\n",
}


@pytest.mark.parametrize("block", BLOCKS.values(), ids=BLOCKS.keys())
def test_a_block_reads_as_geventss_own_reader_reads_it(block):
    ours, theirs = read_request_headers(io.BytesIO(block + b"BODY"), 0), headers_factory(io.BytesIO(block + b"BODY"))
    assert ours._headers == theirs._headers
    assert ours.status == theirs.status
    assert list(ours.headers) == list(theirs.headers)  # what gevent builds the environ from
    assert ours.get("content-length") == theirs.get("content-length")


def test_the_body_is_left_where_it_was():
    stream = io.BytesIO(PHONE + b'{"op_id": 1}')
    read_request_headers(stream, 0)
    assert stream.read() == b'{"op_id": 1}'


def test_too_long_a_line_and_too_many_lines_are_refused_as_before():
    long_line = b"X-Big: " + b"a" * 70_000 + b"\r\n\r\n"
    assert read_request_headers(io.BytesIO(long_line), 0).status == headers_factory(io.BytesIO(long_line)).status
    assert read_request_headers(io.BytesIO(long_line), 0).status == "Line too long"
    many = b"".join(b"X-%d: v\r\n" % n for n in range(101)) + b"\r\n"
    with pytest.raises(Exception) as ours:
        read_request_headers(io.BytesIO(many), 0)
    with pytest.raises(Exception) as theirs:
        headers_factory(io.BytesIO(many))
    assert type(ours.value) is type(theirs.value) and "more than 100 headers" in str(ours.value)


def test_the_server_answers_a_folded_and_a_plain_request_alike(server):
    """Through a real server process: a request whose headers go the email parser's way still gets
    its answer, as does the plain one; a line too long is a JSON 400."""
    host, port = server.url.rsplit("/", 1)[1].split(":")

    def ask(headers: bytes) -> bytes:
        with socket.create_connection((host, int(port)), timeout=10) as conn:
            conn.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\n" + headers + b"Connection: close\r\n\r\n")
            answer = b""
            while chunk := conn.recv(65536):
                answer += chunk
        return answer

    assert ask(b"X-Plain: yes\r\n").startswith(b"HTTP/1.1 200")
    assert ask(b"X-Folded: first\r\n second\r\n").startswith(b"HTTP/1.1 200")
    too_long = ask(b"X-Big: " + b"a" * 70_000 + b"\r\n")
    assert too_long.startswith(b"HTTP/1.1 400") and b'"bad_request"' in too_long
