//! CuTe API, part 1: the swizzled group (issue 15).
