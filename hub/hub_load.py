"""How many students a class hub holds (README: Teaching a class on a server; the tests never run
this). N simulated students each log in (their server is started through the hub's REST API), open
a lesson (a kernel, through Jupyter Server's kernel API) and run its code cells one by one, with a
student's pause between cells (seeded, 2 to 8 s by default). Measured:

- **time to first output**: from asking for the server until the lesson's first output arrives;
- **cell latency**: from sending a cell until the kernel is idle again (p50, p95 over every cell of
  every student);
- **memory per student**: the resident memory of the student's server and its kernel at the end;
- **CPU per student**: the CPU seconds their server and kernel used, and so the share of a core a
  student takes while working through the lesson (CPU seconds over the session's length).

With ``--glance``, the class page's load instead (hub/class_glance.py; site/hub.md: The class at
a glance): N students each record a check every ``--every`` seconds (20), as a kernel does, with a
token of their own, for ``--minutes`` (10), while the teacher's page asks for news every 3 s, as
it does; measured: each record's and each page's time to answer (p50, p95, the slowest).

The hub is hub/jupyterhub_config.py on 127.0.0.1 (dummy authenticator, the local spawner), its
state in a temporary folder; everything stops at the end. Each run is bounded by ``--deadline``.

    python hub/hub_load.py --students 10 20 40 --lesson 03_minimax.ipynb
    python hub/hub_load.py --students 1 --pause 0 0 --lesson 01_the_board.ipynb ...
    python hub/hub_load.py --glance --students 40 --every 20 --minutes 10
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import statistics
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path

import nbformat
import psutil

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "helpers"))  # process_group
from hub_client import Hub, HubError, TrialHub, trial_hub  # noqa: E402
from process_group import free_ports  # noqa: E402

from ttt.course.exercises import EXERCISES  # noqa: E402
from ttt.course.exercises.recording import mistakes  # noqa: E402
from ttt.course.plan import lesson_minutes  # noqa: E402

NOTEBOOKS = ROOT / "notebooks"


@dataclass
class Student:
    """What one simulated student measured."""

    name: str
    server_start: float  # seconds until their server answered
    first_output: float  # seconds from asking for the server to the lesson's first output
    latencies: list[float]  # seconds per cell
    failed_cells: int
    memory_mb: float  # server + kernel, resident, at the end
    cpu_seconds: float  # server + kernel
    session_seconds: float  # from the first cell to the last


def lesson_cells(lesson: str) -> list[str]:
    """The lesson's code cells, in order, without its closing checks cell (a student doesn't run
    it) and without IPython magics."""
    cells = nbformat.read(NOTEBOOKS / lesson, as_version=4).cells
    return [cell.source for cell in cells if cell.cell_type == "code" and cell.source.strip()
            and "checks" not in cell.metadata.get("tags", [])]


def percentile(values: list[float], share: float) -> float:
    """The value below which ``share`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def process_family(pid: int) -> list[psutil.Process]:
    server = psutil.Process(pid)
    return [server, *server.children(recursive=True)]


async def one_student(client: Hub, name: str, cells: list[str], pause: tuple[float, float],
                      seed: int) -> Student:
    pauses = random.Random(seed)
    asked = time.monotonic()
    server_start = await client.start_server(name)
    kernel = await client.start_kernel(name)
    pid = await client.server_pid(name)
    before = sum(p.cpu_times().user + p.cpu_times().system for p in process_family(pid))
    latencies, failed, first_output = [], 0, None
    begun = time.monotonic()
    for index, code in enumerate(cells):
        if index:
            await asyncio.sleep(pauses.uniform(*pause))  # reading the next paragraph
        sent = time.monotonic()
        try:
            run = await client.run(name, kernel, code)
        except HubError as error:  # counted, and the student goes on, as one would
            print(f"{name}, cell {index}: {error}", file=sys.stderr)
            latencies.append(time.monotonic() - sent)
            failed += 1
            continue
        latencies.append(run.seconds)
        failed += run.failed
        if first_output is None and run.first_output is not None:
            first_output = time.monotonic() - asked - run.seconds + run.first_output
    session = time.monotonic() - begun
    family = process_family(pid)
    memory = sum(p.memory_info().rss for p in family) / 2**20
    cpu = sum(p.cpu_times().user + p.cpu_times().system for p in family) - before
    await client.stop_kernel(name, kernel)
    return Student(name, server_start, first_output or float("nan"), latencies, failed, memory,
                   cpu, session)


async def a_class(hub: TrialHub, students: int, cells: list[str],
                  pause: tuple[float, float]) -> list[Student]:
    """``students`` students working through ``cells`` at once; their servers stopped after."""
    names = [f"student{number:02d}" for number in range(1, students + 1)]
    async with Hub(hub.url, hub.token, timeout=600) as client:
        for name in names:
            await client.add_user(name)
        try:
            return await asyncio.gather(*(one_student(client, name, cells, pause, seed)
                                          for seed, name in enumerate(names)))
        finally:
            await asyncio.gather(*(client.stop_server(name) for name in names),
                                 return_exceptions=True)


def summary(students: list[Student], cells: list[str], lesson: str,
            load: tuple[float, float, float]) -> dict:
    """The class's figures; the cells are also ranked by their p95 latency over the students
    (the first cell's imports are the slowest when a whole class starts at once)."""
    latencies = [seconds for student in students for seconds in student.latencies]
    later = [seconds for student in students for seconds in student.latencies[1:]]
    by_cell = sorted(((percentile([s.latencies[i] for s in students], 0.95), i)
                      for i in range(len(cells))), reverse=True)
    cpu_share = statistics.mean(s.cpu_seconds / s.session_seconds for s in students)
    memory = statistics.mean(s.memory_mb for s in students)
    return {
        "lesson": lesson, "students": len(students), "cells": len(students[0].latencies),
        "failed_cells": sum(s.failed_cells for s in students),
        "server_start_p50_s": statistics.median(s.server_start for s in students),
        "first_output_p50_s": statistics.median(s.first_output for s in students),
        "first_output_max_s": max(s.first_output for s in students),
        "cell_p50_s": percentile(latencies, 0.50), "cell_p95_s": percentile(latencies, 0.95),
        "cell_p95_after_first_s": percentile(later, 0.95),
        "slowest_cells_p95_s": [(round(p95, 2), index, cells[index].splitlines()[0][:60])
                                for p95, index in by_cell[:3]],
        "memory_per_student_mb": memory, "students_per_gb": 1024 / memory,
        "cpu_seconds_per_student": statistics.mean(s.cpu_seconds for s in students),
        "core_share_per_student": cpu_share, "students_per_core": 1 / cpu_share,
        # at the pace of a real class: every cell run once over the lesson's estimated minutes
        "lesson_minutes": lesson_minutes(NOTEBOOKS / lesson),
        "students_per_core_over_lesson": lesson_minutes(NOTEBOOKS / lesson) * 60 /
        statistics.mean(s.cpu_seconds for s in students),
        "machine_load_before": load, "cores": os.cpu_count(),
    }


# --- the class page's load ------------------------------------------------------------------------

GLANCE = "/services/class-glance/"
SEES = "access:services!service=class-glance"  # all a kernel's token may do with the service


async def token_of(client: Hub, name: str) -> str:
    """A new token of ``name``'s that may reach the class-glance service (as their server's)."""
    made = await client.request("POST", f"/hub/api/users/{name}/tokens",
                                json={"scopes": [SEES], "note": "hub_load.py"})
    return made["token"]


async def timed(client: Hub, method: str, url: str, token: str, body: bytes | None,
                expected: int) -> float:
    """Seconds ``method url`` took to answer, with ``token``; HubError unless ``expected``."""
    sent = time.monotonic()
    async with client.session.request(method, url, data=body, headers={
            "Authorization": f"token {token}"}) as answer:
        await answer.read()
        if answer.status != expected:
            raise HubError(f"{method} {url}: {answer.status}")
    return time.monotonic() - sent


async def glance_load(hub: TrialHub, records_url: str, students: int, every: float,
                      seconds: float) -> dict:
    """``students`` recording a check of lesson 3 every ``every`` seconds (at random phases) and
    the teacher's page asking for news every 3 s, for ``seconds``; the times they took."""
    names = [f"student{number:02d}" for number in range(1, students + 1)]
    lesson3 = [name for name, exercise in EXERCISES.items() if exercise.lesson == 3]
    named = sorted(mistakes())[:8]
    recorded, asked, failed = [], [], []
    load = os.getloadavg()
    async with Hub(hub.url, hub.token, timeout=60) as client:
        for name in names:
            await client.add_user(name)
        tokens = [await token_of(client, name) for name in names]
        teacher = await token_of(client, "teacher")
        end = time.monotonic() + seconds

        async def student(seed: int, token: str) -> None:
            chance = random.Random(seed)
            await asyncio.sleep(chance.uniform(0, every))
            while time.monotonic() < end:
                passed = chance.random() < 0.3
                exercise = chance.choice(lesson3)
                record = {"lesson": 3, "exercise": exercise, "passed": passed,
                          "mistake": None if passed else chance.choice(named)}
                try:
                    recorded.append(await timed(client, "POST", records_url, token,
                                                json.dumps(record).encode(), 204))
                except (HubError, OSError, asyncio.TimeoutError) as error:
                    failed.append(str(error))
                await asyncio.sleep(every)

        async def page() -> None:
            while time.monotonic() < end:
                try:
                    asked.append(await timed(client, "GET", f"{hub.url}{GLANCE}summary",
                                             teacher, None, 200))
                except (HubError, OSError, asyncio.TimeoutError) as error:
                    failed.append(str(error))
                await asyncio.sleep(3)

        await asyncio.gather(page(), *(student(seed, token)
                                       for seed, token in enumerate(tokens)))

    def times(values: list[float]) -> dict:
        return {"count": len(values), "p50_ms": 1000 * percentile(values, 0.5),
                "p95_ms": 1000 * percentile(values, 0.95), "max_ms": 1000 * max(values)}
    return {"students": students, "every_s": every, "seconds": seconds,
            "records": times(recorded), "page": times(asked), "failed": len(failed),
            "first_failures": failed[:3], "cores": os.cpu_count(), "machine_load_before": load}


def glance_main(args: argparse.Namespace) -> int:
    """The class page's load for each class size of ``args.students``, one JSON line each."""
    port = free_ports()
    results = []
    with tempfile.TemporaryDirectory() as state, \
            trial_hub(Path(state), port=args.port,
                      settings={"TTT_HUB_GLANCE_PORT": str(port)}) as hub:
        for students in args.students:
            results.append(asyncio.run(asyncio.wait_for(glance_load(
                hub, f"http://127.0.0.1:{port}{GLANCE}api/records", students, args.every,
                args.minutes * 60), args.minutes * 60 + args.deadline)))
            print(json.dumps(results[-1]), flush=True)
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps({"results": results}, indent=1))
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--students", type=int, nargs="+", default=[10, 20, 40])
    parser.add_argument("--lesson", nargs="+", default=["03_minimax.ipynb"],
                        help="files in notebooks/, each measured in turn")
    parser.add_argument("--pause", type=float, nargs=2, default=(2.0, 8.0),
                        metavar=("MIN", "MAX"), help="seconds between cells (uniform)")
    parser.add_argument("--port", type=int, default=8884, help="the hub's (and the next two)")
    parser.add_argument("--deadline", type=float, default=900, help="seconds per class at most")
    parser.add_argument("--json", type=Path, help="also write the results here")
    parser.add_argument("--glance", action="store_true",
                        help="measure the class page's records and page instead")
    parser.add_argument("--every", type=float, default=20,
                        help="with --glance: seconds between a student's checks")
    parser.add_argument("--minutes", type=float, default=10,
                        help="with --glance: how long the class works")
    args = parser.parse_args(argv)
    if args.glance:
        if any(n < 1 for n in args.students) or args.every <= 0 or args.minutes <= 0:
            parser.error("--students, --every and --minutes should be positive")
        signal.signal(signal.SIGTERM, lambda *_: sys.exit("stopped by SIGTERM"))
        return glance_main(args)
    for lesson in args.lesson:
        if not (NOTEBOOKS / lesson).is_file():
            parser.error(f"--lesson should name files in notebooks/, not {lesson!r}")
    if any(n < 1 for n in args.students) or not 0 <= args.pause[0] <= args.pause[1]:
        parser.error("--students should be positive, --pause MIN MAX with 0 <= MIN <= MAX")
    # Stopped from outside (timeout, kill): still stop the hub and every student's server.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit("stopped by SIGTERM"))
    results = []
    with tempfile.TemporaryDirectory() as state, \
            trial_hub(Path(state), port=args.port) as hub:
        for lesson in args.lesson:
            cells = lesson_cells(lesson)
            for students in args.students:
                load = os.getloadavg()
                measured = asyncio.run(asyncio.wait_for(
                    a_class(hub, students, cells, args.pause), args.deadline))
                results.append(summary(measured, cells, lesson, load))
                print(json.dumps(results[-1]), flush=True)
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps({"results": results,
                                         "students": [asdict(s) for s in measured]}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
