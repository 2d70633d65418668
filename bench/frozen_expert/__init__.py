"""The `expert` level as it was before issue 18 (main at 62a8a66), frozen for the strength bench.

A verbatim copy of trainer/advice/{computer,discard,endgame,pegging,playout,reasons,errors}.py with
the imports pointed here, so `bench/bench_expert_strength.py` can play today's expert against
the frozen one however the advice changes. The engine and the crib table are shared (the
issue changes neither). Do not edit: it is the yardstick.
"""
