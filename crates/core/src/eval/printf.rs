//! C's `printf(FORMAT, …)` as a pasted CuTe program calls it (`printf("%3d  ", layout(m,n))`):
//! the conversions of integers, floating-point values and strings with their flags, width and precision, written
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
pub(super) struct Spec {
    left: bool,
    zero: bool,
    plus: bool,
    space: bool,
    alt: bool,
    width: usize,
    precision: Option<usize>,
}

impl Spec {
    /// `body` (the digits or text, without a sign) with its sign, padded to the width (with
    /// zeros after the sign where `0` asks it and `numeric`: a number, not an integer with a
    /// precision).
    pub(super) fn pad(&self, sign: &str, body: &str, numeric: bool, out: &mut String) {
        let len = sign.len() + body.chars().count();
        let fill = self.width.saturating_sub(len);
        if self.left {
            out.push_str(sign);
            out.push_str(body);
            out.extend(std::iter::repeat_n(' ', fill));
        } else if self.zero && numeric {
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
            let (spec, conv) = conversion(&mut chars).map_err(|e| e.at(fspan))?;
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
            if conv == 's' {
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
                continue;
            }
            let v = self.eval_checked(arg)?;
            convert(&spec, conv, &v, &mut out).map_err(|e| EvalError::new(e, arg.span))?;
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

/// Why a conversion could not be read: its message (the caller names where).
pub(super) struct BadConversion(String);

impl BadConversion {
    pub(super) fn at(self, span: Span) -> EvalError {
        match self {
            BadConversion(m) if m.starts_with("printf: a field wider") => EvalError::limit(m, span),
            BadConversion(m) => EvalError::new(m, span),
        }
    }
}

/// A conversion's flags, width, precision and letter, read after its `%` (`%-04.2d`: `-04.2d`;
/// `%%`: the letter `%`). Its length modifier (`%ld`, `%lld`, `%zu`, `%hd`) is read and left.
pub(super) fn conversion(
    chars: &mut std::iter::Peekable<std::str::Chars>,
) -> Result<(Spec, char), BadConversion> {
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
    spec.width = number(chars);
    if chars.peek() == Some(&'.') {
        chars.next();
        spec.precision = Some(number(chars));
    }
    if spec.width > MAX_FIELD_WIDTH || spec.precision.unwrap_or(0) > MAX_FIELD_WIDTH {
        return Err(BadConversion(format!(
            "printf: a field wider than {MAX_FIELD_WIDTH} characters"
        )));
    }
    // the length modifiers change no printed digit here
    while matches!(chars.peek(), Some('l' | 'h' | 'z' | 'j' | 't' | 'L' | 'q')) {
        chars.next();
    }
    match chars.next() {
        Some(conv) => Ok((spec, conv)),
        None => Err(BadConversion(
            "printf: the format ends inside a '%' conversion".to_string(),
        )),
    }
}

/// A numeric conversion of one value, as C's `printf` writes it: `%d %i %u %x %X %o %c` of an
/// integer (a truth value 0 or 1), `%f %F %e %E %g %G` of a floating value (a `float` promoted
/// to `double`, as C passes it). A value of the other kind is an error: C would print its
/// bits read as the conversion's type, which is no value of it.
pub(super) fn convert(spec: &Spec, conv: char, v: &Value, out: &mut String) -> Result<(), String> {
    let scalar = match v {
        Value::Scalar(s) => Some(s),
        _ => None,
    };
    match conv {
        'd' | 'i' | 'u' | 'x' | 'X' | 'o' | 'c' => {
            let n = match v {
                Value::Bool(b) => Some(i64::from(*b)),
                Value::Scalar(s) if !s.ty.is_float() && !s.ty.is_complex() => {
                    i64::try_from(s.value.as_i128()).ok()
                }
                v => v.as_int(),
            };
            let n = n.ok_or_else(|| {
                format!("printf: '%{conv}' takes an integer, found {}", described(v))
            })?;
            integer(spec, conv, n, out);
        }
        'f' | 'F' | 'e' | 'E' | 'g' | 'G' => {
            let x = match scalar {
                Some(s) if s.ty.is_float() => s.value.as_f64(),
                _ => {
                    return Err(format!(
                        "printf: '%{conv}' takes a floating-point value, found {}",
                        described(v)
                    ));
                }
            };
            floating(spec, conv, x, out);
        }
        other => {
            return Err(format!(
                "printf: the conversion '%{other}' is not modelled (cute prints integers, floating-point values and strings: %d %i %u %x %X %o %c %f %e %g %s)"
            ));
        }
    }
    Ok(())
}

/// A value named for a conversion's error: a number by its type (`Float32`), else its kind.
fn described(v: &Value) -> String {
    match v {
        Value::Scalar(s) => format!("a {}", s.ty.dsl_type().unwrap_or(s.ty.name())),
        v => v.kind().to_string(),
    }
}

/// A floating conversion (`%f %F %e %E %g %G`) of `x` as C writes it: `%f` fixed, `%e` with an
/// exponent of at least two digits (`7.000000e+00`), `%g` the shorter of the two at the
/// precision's significant digits (its trailing zeros dropped unless `#`); 6 digits unless a
/// precision is given; `inf`, `nan` (upper case for `%F %E %G`).
fn floating(spec: &Spec, conv: char, x: f64, out: &mut String) {
    let upper = conv.is_ascii_uppercase();
    let sign = if x.is_sign_negative() && !x.is_nan() {
        "-"
    } else if spec.plus {
        "+"
    } else if spec.space {
        " "
    } else {
        ""
    };
    let a = x.abs();
    if !a.is_finite() {
        let body = if a.is_nan() { "nan" } else { "inf" };
        let body = if upper {
            body.to_uppercase()
        } else {
            body.to_string()
        };
        spec.pad(sign, &body, false, out);
        return;
    }
    let precision = spec.precision.unwrap_or(6);
    let mut body = match conv.to_ascii_lowercase() {
        'f' => fixed(a, precision, spec.alt),
        'e' => scientific(a, precision, spec.alt),
        _ => {
            // C's %g: P significant digits (0 is 1); X the exponent %e would write at P - 1
            let p = precision.max(1);
            let e = scientific(a, p - 1, false);
            let x: i64 = e[e.find('e').map_or(0, |k| k + 1)..].parse().unwrap_or(0);
            let mut text = if x < -4 || x >= p as i64 {
                scientific(a, p - 1, spec.alt)
            } else {
                fixed(a, (p as i64 - 1 - x).max(0) as usize, spec.alt)
            };
            if !spec.alt {
                // drop the fraction's trailing zeros (and a bare point)
                let (mantissa, exponent) = match text.find('e') {
                    Some(k) => (text[..k].to_string(), text[k..].to_string()),
                    None => (text.clone(), String::new()),
                };
                let mantissa = if mantissa.contains('.') {
                    mantissa
                        .trim_end_matches('0')
                        .trim_end_matches('.')
                        .to_string()
                } else {
                    mantissa
                };
                text = mantissa + &exponent;
            }
            text
        }
    };
    if upper {
        body = body.to_uppercase();
    }
    spec.pad(sign, &body, true, out);
}

/// `a` (not negative) with `precision` digits after the point (`#`: the point even with none).
fn fixed(a: f64, precision: usize, alt: bool) -> String {
    let mut s = format!("{a:.precision$}");
    if alt && precision == 0 {
        s.push('.');
    }
    s
}

/// `a` (not negative) as `d.ddde+XX`, `precision` digits after the point.
fn scientific(a: f64, precision: usize, alt: bool) -> String {
    let s = format!("{a:.precision$e}");
    let (mantissa, exponent) = s.split_once('e').unwrap_or((&s, "0"));
    let x: i64 = exponent.parse().unwrap_or(0);
    let point = if alt && precision == 0 { "." } else { "" };
    format!(
        "{mantissa}{point}e{}{:02}",
        if x < 0 { '-' } else { '+' },
        x.unsigned_abs()
    )
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
    spec.pad(sign, &digits, spec.precision.is_none(), out);
}
