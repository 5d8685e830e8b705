"""Warm pairing workers: gacrux imported once in a separate process, reused round after round.

Starting a Python process and importing gacrux costs about a quarter of a second, as much as
pairing a small round. :class:`GacruxDutchEngine` (``warm=True``, the default) therefore keeps
worker processes (:mod:`chessclub.pairing._gacrux_worker` run with ``--serve``) alive between
calls. Each is still a separate process, so the engine's time limit holds and a crash cannot
take the caller with it:

- a call takes an idle worker of the same interpreter, or starts one (so calls from several
  threads run in parallel, never two in one worker);
- the request is one line ``ROUND LENGTH`` then ``LENGTH`` bytes of engine input (TRF-2026,
  UTF-8); the answer one line ``EXIT LENGTH`` then ``LENGTH`` bytes of JSON, ``EXIT`` being the
  one-shot worker's exit status (0 paired, 1 no legal pairing, 2 engine failure, 3 input
  refused);
- a worker that passes the time limit is killed (:class:`Timeout`); one that dies or answers
  garbage is dropped (:class:`Broken`); the next call starts a fresh one;
- at most :data:`MAX_IDLE` idle workers are kept per interpreter, each for at most
  :data:`MAX_USES` rounds; a process that forked (a pre-forking web server) never uses its
  parent's workers; idle workers are stopped at exit.

No Django, no database: the web layer and the command line use it through the engine.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import select
import subprocess
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

MAX_IDLE = 2
"""Idle workers kept per interpreter."""

MAX_USES = 500
"""Rounds a worker pairs before it is replaced (bounds any memory the engine keeps)."""


class Timeout(Exception):
    """The worker did not answer within the time limit (it was killed)."""


class Broken(Exception):
    """The worker could not be started, died, or answered outside the protocol; ``str()``
    says which (with the exit status when it died)."""


@dataclass(eq=False)
class _Worker:
    process: subprocess.Popen[bytes]
    uses: int = 0
    _pending: bytes = b""  # read from the worker, not yet consumed

    @property
    def alive(self) -> bool:
        return self.process.poll() is None

    def stop(self) -> None:
        if self.alive:
            self.process.kill()
        self.process.wait()
        for pipe in (self.process.stdin, self.process.stdout):
            if pipe is not None:
                pipe.close()

    def ask(self, round_number: int, data: bytes, deadline: float) -> tuple[int, bytes]:
        """One request; ``(exit status, answer bytes)``. Raises :class:`Timeout` or
        :class:`Broken` (the worker is then unusable)."""
        assert self.process.stdin is not None and self.process.stdout is not None
        self.uses += 1
        try:
            self.process.stdin.write(b"%d %d\n" % (round_number, len(data)) + data)
            self.process.stdin.flush()
        except OSError as exc:
            raise Broken(self._death()) from exc
        header = self._read_line(deadline)
        try:
            code_text, length_text = header.split()
            code, length = int(code_text), int(length_text)
        except ValueError:
            raise Broken("the pairing worker answered outside its protocol") from None
        return code, self._read_exactly(length, deadline)

    def _death(self) -> str:
        status = self.process.poll()
        if status is None:
            return "the pairing worker stopped answering"
        return f"the pairing worker died (exit status {status})"

    def _chunk(self, deadline: float) -> bytes:
        assert self.process.stdout is not None
        fd = self.process.stdout.fileno()
        remaining = deadline - time.monotonic()
        if remaining <= 0 or not select.select([fd], [], [], remaining)[0]:
            raise Timeout
        chunk = os.read(fd, 65536)
        if not chunk:
            raise Broken(self._death_after_eof())
        return chunk

    def _death_after_eof(self) -> str:
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(timeout=1)
        return self._death()

    def _read_line(self, deadline: float) -> bytes:
        while b"\n" not in self._pending:
            self._pending += self._chunk(deadline)
            if len(self._pending) > 64 and b"\n" not in self._pending:
                raise Broken("the pairing worker answered outside its protocol")
        line, _, self._pending = self._pending.partition(b"\n")
        return line

    def _read_exactly(self, length: int, deadline: float) -> bytes:
        while len(self._pending) < length:
            self._pending += self._chunk(deadline)
        body, self._pending = self._pending[:length], self._pending[length:]
        return body


@dataclass
class _Pool:
    owner: int = field(default_factory=os.getpid)
    idle: dict[tuple[str, str], list[_Worker]] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def take(self, python: str, script: Path, env: dict[str, str]) -> _Worker:
        key = (python, str(script))
        with self.lock:
            if self.owner != os.getpid():  # forked: the parent's workers are not ours
                self.idle, self.owner = {}, os.getpid()
            idle = self.idle.setdefault(key, [])
            while idle:
                worker = idle.pop()
                if worker.alive:
                    return worker
                worker.stop()
        try:
            process = subprocess.Popen(
                [python, str(script), "--serve"],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                env=env,
            )
        except OSError as exc:
            raise Broken(f"the pairing engine could not be started ({exc})") from exc
        return _Worker(process)

    def give_back(self, python: str, script: Path, worker: _Worker) -> None:
        key = (python, str(script))
        with self.lock:
            idle = self.idle.setdefault(key, [])
            if (
                self.owner == os.getpid()
                and worker.alive
                and worker.uses < MAX_USES
                and len(idle) < MAX_IDLE
            ):
                idle.append(worker)
                return
        worker.stop()

    def stop_all(self) -> None:
        with self.lock:
            ours = self.owner == os.getpid()
            workers = [w for ws in self.idle.values() for w in ws] if ours else []
            self.idle = {}
        for worker in workers:
            worker.stop()


_POOL = _Pool()
atexit.register(_POOL.stop_all)


def ask(
    python: str, script: Path, env: dict[str, str], round_number: int, data: bytes, timeout: float
) -> tuple[int, bytes]:
    """Pair ``round_number`` from engine-input ``data`` in a warm worker of ``python`` running
    ``script``; ``(exit status, JSON answer bytes)`` as the one-shot worker's. Raises
    :class:`Timeout` after ``timeout`` seconds (the worker is killed) and :class:`Broken` when
    the worker cannot start, dies or breaks the protocol (it is dropped)."""
    worker = _POOL.take(python, script, env)
    try:
        answer = worker.ask(round_number, data, time.monotonic() + timeout)
    except BaseException:
        worker.stop()
        raise
    _POOL.give_back(python, script, worker)
    return answer


def warm_up(python: str, script: Path, env: dict[str, str]) -> None:
    """Start one idle worker ahead of the first round (a background worker's start)."""
    _POOL.give_back(python, script, _POOL.take(python, script, env))


def stop_idle() -> None:
    """Stop every idle worker of this process (tests; a server's shutdown)."""
    _POOL.stop_all()


def idle_count() -> int:
    """Idle workers of this process, every interpreter together."""
    with _POOL.lock:
        return sum(len(ws) for ws in _POOL.idle.values()) if _POOL.owner == os.getpid() else 0
