//! CuTe API, part 1: the layouts group (issue 15).
