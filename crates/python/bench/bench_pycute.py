"""Per-call cost of cutelayout against pycute on the same objects (a benchmark, not a test).

    pip install ./crates/python nvidia-cutlass      # pycute comes with nvidia-cutlass
    python crates/python/bench/bench_pycute.py

Each operation is called on objects made beforehand (layouts in each library's own types), the
best of 7 timings of N calls; the result of each is checked to print the same. Also the time of
`import cutelayout` in a fresh interpreter (best of 5). BENCHMARKS.md records the figures.
"""

import subprocess
import sys
import time
import timeit

import cutelayout as cute
import pycute as pc


def layouts():
    """(name, cutelayout call, pycute call) for each case."""
    a_c = cute.make_layout((12, (4, 8)), stride=(59, (13, 1)))
    a_p = pc.Layout((12, (4, 8)), (59, (13, 1)))
    t_c = (cute.make_layout(3, stride=4), cute.make_layout(8, stride=2))
    t_p = (pc.Layout(3, 4), pc.Layout(8, 2))
    b_c = cute.make_layout((4, 2, 3), stride=(2, 1, 8))
    b_p = pc.Layout((4, 2, 3), (2, 1, 8))
    d_c = cute.make_layout(4, stride=2)
    d_p = pc.Layout(4, 2)
    m_c = cute.make_layout((9, (4, 8)), stride=(59, (13, 1)))
    m_p = pc.Layout((9, (4, 8)), (59, (13, 1)))
    mt_c = (cute.make_layout(3, stride=3), cute.make_layout((2, 4), stride=(1, 8)))
    mt_p = (pc.Layout(3, 3), pc.Layout((2, 4), (1, 8)))
    c_c = cute.make_layout((2, 2), stride=(1, 6))
    c_p = pc.Layout((2, 2), (1, 6))
    return [
        ("composition (12,(4,8)):(59,(13,1)) o <3:4, 8:2>",
         lambda: cute.composition(a_c, t_c), lambda: pc.composition(a_p, t_p)),
        ("composition (4,2,3):(2,1,8) o 4:2",
         lambda: cute.composition(b_c, d_c), lambda: pc.composition(b_p, d_p)),
        ("logical_divide (4,2,3):(2,1,8) / 4:2",
         lambda: cute.logical_divide(b_c, d_c), lambda: pc.logical_divide(b_p, d_p)),
        ("logical_divide (9,(4,8)):(59,(13,1)) / <3:3, (2,4):(1,8)>",
         lambda: cute.logical_divide(m_c, mt_c), lambda: pc.logical_divide(m_p, mt_p)),
        ("complement 4:2, 24",
         lambda: cute.complement(d_c, 24), lambda: pc.complement(d_p, 24)),
        ("complement (2,2):(1,6), 24",
         lambda: cute.complement(c_c, 24), lambda: pc.complement(c_p, 24)),
    ]


def per_call(f, n):
    # CPU time of this process (a shared machine's other load does not count)
    return min(timeit.repeat(f, number=n, repeat=7, timer=time.process_time)) / n


def import_time():
    code = "import time; t = time.perf_counter(); import cutelayout; print(time.perf_counter() - t)"
    runs = [
        float(subprocess.check_output([sys.executable, "-c", code], text=True))
        for _ in range(5)
    ]
    return min(runs)


def main():
    n = 20000
    print(f"| operation | cutelayout (µs/call) | pycute (µs/call) | speed-up |")
    print(f"| --- | ---: | ---: | ---: |")
    for name, ours, theirs in layouts():
        r_ours, r_theirs = str(ours()), str(theirs())
        same = r_ours.replace(" ", "") == r_theirs.replace(" ", "")
        t_ours = per_call(ours, n)
        t_theirs = per_call(theirs, n // 4)
        note = "" if same else f" (answers differ: {r_ours} vs pycute's {r_theirs})"
        print(f"| {name} | {t_ours * 1e6:.2f} | {t_theirs * 1e6:.2f} | {t_theirs / t_ours:.1f}x{note} |")
    print()
    print(f"import cutelayout: {import_time() * 1e3:.1f} ms (best of 5, fresh interpreters)")


if __name__ == "__main__":
    main()
