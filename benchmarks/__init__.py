"""Benchmarks (``make bench``): each module here defines ``main()`` and prints medians and sizes."""
