//! C's `printf(FORMAT, …)` as a pasted CuTe program calls it (`printf("%3d  ", layout(m,n))`):
//! the conversions of integers and strings with their flags, width and precision, written
//! exactly (no newline but the format's). The CuTe DSL's `cute.printf("… {} …", x)` is
//! [`Env::print_line`]'s.

use super::{Env, EvalError, Value, unescape};
use crate::parser::{Expr, ExprKind, Span};

/// Whether a `printf(…)` of C++ text is C's: its format (a string) has no DSL `{}` placeholder.
pub(super) fn is_c_format(args: &[Expr]) -> bool {
    matches!(args.first().map(|a| a.kind), Some(ExprKind::Str(f)) if !f.contains("{}"))
}

/// One conversion's flags, width and precision (`%-04.2d`).
#[derive(Default)]
struct Spec {
    left: bool,
    zero: bool,
    plus: bool,
    space: bool,
    alt: bool,
    width: usize,
    precision: Option<usize>,
}

impl Spec {
    /// `body` (the digits or text, without a sign) with its sign, padded to the width.
    fn pad(&self, sign: &str, body: &str, numeric: bool, out: &mut String) {
        let len = sign.len() + body.chars().count();
        let fill = self.width.saturating_sub(len);
        if self.left {
            out.push_str(sign);
            out.push_str(body);
            out.extend(std::iter::repeat_n(' ', fill));
        } else if self.zero && numeric && self.precision.is_none() {
            out.push_str(sign);
            out.extend(std::iter::repeat_n('0', fill));
            out.push_str(body);
        } else {
            out.extend(std::iter::repeat_n(' ', fill));
            out.push_str(sign);
            out.push_str(body);
        }
    }
}

/// The widest field a conversion may ask for (a larger width is an error, not a huge string).
const MAX_FIELD_WIDTH: usize = 4096;

impl Env {
    /// The text C's `printf` writes for `args` (the format first).
    pub(super) fn printf(&self, args: &[Expr]) -> Result<String, EvalError> {
        let Some(ExprKind::Str(format)) = args.first().map(|a| a.kind) else {
            return Err(EvalError::new(
                "printf: the format is a string",
                args.first().map_or(Span::default(), |a| a.span),
            ));
        };
        let fspan = args[0].span;
        let format = unescape(format);
        let mut values = args[1..].iter();
        let mut out = String::with_capacity(format.len() + 16);
        let mut chars = format.chars().peekable();
        while let Some(c) = chars.next() {
            if c != '%' {
                out.push(c);
                continue;
            }
            let mut spec = Spec::default();
            while let Some(&f) = chars.peek() {
                match f {
                    '-' => spec.left = true,
                    '0' => spec.zero = true,
                    '+' => spec.plus = true,
                    ' ' => spec.space = true,
                    '#' => spec.alt = true,
                    _ => break,
                }
                chars.next();
            }
            let number = |chars: &mut std::iter::Peekable<std::str::Chars>| {
                let mut n = 0usize;
                while let Some(d) = chars.peek().and_then(|d| d.to_digit(10)) {
                    n = n.saturating_mul(10).saturating_add(d as usize);
                    chars.next();
                }
                n
            };
            spec.width = number(&mut chars);
            if chars.peek() == Some(&'.') {
                chars.next();
                spec.precision = Some(number(&mut chars));
            }
            if spec.width > MAX_FIELD_WIDTH || spec.precision.unwrap_or(0) > MAX_FIELD_WIDTH {
                return Err(EvalError::limit(
                    format!("printf: a field wider than {MAX_FIELD_WIDTH} characters"),
                    fspan,
                ));
            }
            // the length modifiers (`%ld`, `%lld`, `%zu`, `%hd`) change no printed digit here
            while matches!(chars.peek(), Some('l' | 'h' | 'z' | 'j' | 't' | 'L' | 'q')) {
                chars.next();
            }
            let Some(conv) = chars.next() else {
                return Err(EvalError::new(
                    "printf: the format ends inside a '%' conversion",
                    fspan,
                ));
            };
            if conv == '%' {
                out.push('%');
                continue;
            }
            let Some(arg) = values.next() else {
                return Err(EvalError::new(
                    format!(
                        "printf: more conversions in the format than the {} value(s) after it",
                        args.len() - 1
                    ),
                    fspan,
                ));
            };
            match conv {
                's' => {
                    let ExprKind::Str(s) = arg.kind else {
                        return Err(EvalError::new(
                            "printf: '%s' takes a string literal",
                            arg.span,
                        ));
                    };
                    let s = unescape(s);
                    let s: String = match spec.precision {
                        Some(p) => s.chars().take(p).collect(),
                        None => s,
                    };
                    spec.pad("", &s, false, &mut out);
                }
                'd' | 'i' | 'u' | 'x' | 'X' | 'o' | 'c' => {
                    let v = self.eval_checked(arg)?;
                    let n = match &v {
                        Value::Bool(b) => i64::from(*b),
                        v => v.as_int().ok_or_else(|| {
                            EvalError::new(
                                format!("printf: '%{conv}' takes an integer, found {}", v.kind()),
                                arg.span,
                            )
                        })?,
                    };
                    integer(&spec, conv, n, &mut out);
                }
                other => {
                    return Err(EvalError::new(
                        format!(
                            "printf: the conversion '%{other}' is not modelled (cute prints integers and strings: %d %i %u %x %X %o %c %s)"
                        ),
                        fspan,
                    ));
                }
            }
        }
        if values.next().is_some() {
            return Err(EvalError::new(
                format!(
                    "printf: {} value(s) for the format's fewer conversions",
                    args.len() - 1
                ),
                fspan,
            ));
        }
        Ok(out)
    }
}

/// An integer conversion (`%d %i %u %x %X %o %c`) of `n` as C writes it (`%u`, `%x` and `%o`
/// of a negative `int` show its 32-bit two's complement, as C's promotion does).
fn integer(spec: &Spec, conv: char, n: i64, out: &mut String) {
    let unsigned = || {
        if i32::try_from(n).is_ok() {
            u64::from(n as i32 as u32)
        } else {
            n as u64
        }
    };
    let (sign, mut digits) = match conv {
        'c' => {
            let c = u8::try_from(n & 0xff).map_or('?', char::from);
            spec.pad("", &c.to_string(), false, out);
            return;
        }
        'd' | 'i' => {
            let sign = if n < 0 {
                "-"
            } else if spec.plus {
                "+"
            } else if spec.space {
                " "
            } else {
                ""
            };
            (sign, n.unsigned_abs().to_string())
        }
        'u' => ("", unsigned().to_string()),
        'x' => (
            if spec.alt && n != 0 { "0x" } else { "" },
            format!("{:x}", unsigned()),
        ),
        'X' => (
            if spec.alt && n != 0 { "0X" } else { "" },
            format!("{:X}", unsigned()),
        ),
        _ => ("", format!("{:o}", unsigned())),
    };
    if let Some(p) = spec.precision {
        if p == 0 && n == 0 {
            digits.clear();
        } else if digits.len() < p {
            digits = "0".repeat(p - digits.len()) + &digits;
        }
    }
    spec.pad(sign, &digits, true, out);
}
