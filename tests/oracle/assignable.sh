#!/bin/sh
# Regenerates tests/oracle/assignable.txt's rows: which element assignments CuTe 4.7 compiles.
TYPES="float double half_t bfloat16_t int8_t int16_t int32_t int64_t uint8_t uint16_t uint32_t uint64_t bool float_e4m3_t float_e5m2_t float_e2m1_t float_e2m3_t float_e3m2_t int4b_t uint4b_t int2b_t uint2b_t uint1b_t complex<float> complex<double>"
{
  echo '[]{'
  for t in $TYPES; do
    echo "printf(\"%s:\", \"$t\");"
    for s in $TYPES; do
      echo "printf(\"%d\", int(std::is_assignable_v<decltype(std::declval<decltype(make_tensor<$t>(Shape<_4>{}))&>()(0)), $s>));"
    done
    echo 'printf("\n");'
  done
  echo 'return 0; }()'
} > /tmp/assignable_prog.txt
/work/shared/tools/cute-oracle "$(cat /tmp/assignable_prog.txt)" | grep ':'
