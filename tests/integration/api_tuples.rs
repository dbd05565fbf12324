//! CuTe API, part 1: the tuples group (issue 15).
