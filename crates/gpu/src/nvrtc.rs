//! NVRTC: compile generated CUDA C++ to a CUBIN with ptxas's resource report.

use std::ffi::{CStr, CString, c_char};

use cudarc::nvrtc::{result, sys};

/// Why NVRTC produced no CUBIN.
#[derive(Clone, Debug, thiserror::Error)]
pub enum NvrtcError {
    /// libnvrtc cannot be loaded.
    #[error(
        "NVRTC (libnvrtc.so) was not found: install the CUDA toolkit or `pip install nvidia-cuda-nvrtc` and put its lib folder on LD_LIBRARY_PATH"
    )]
    Missing,
    /// The source holds a NUL byte (no C string can carry it).
    #[error("source has a NUL byte")]
    NulInSource,
    /// An NVRTC call other than the compilation failed.
    #[error("nvrtc: {0:?}")]
    Call(result::NvrtcError),
    /// The compilation failed: NVRTC's status and its log.
    #[error("NVRTC failed to compile the kernel ({status:?}):\n{log}")]
    Compile {
        /// NVRTC's status.
        status: result::NvrtcError,
        /// The compiler's log.
        log: String,
    },
}

/// A compiled kernel and what ptxas said of it.
#[derive(Clone, Debug)]
pub struct Compiled {
    /// The CUBIN.
    pub cubin: Vec<u8>,
    /// The compiler's log (ptxas -v lines included).
    pub log: String,
    /// Registers per thread.
    pub registers: Option<u32>,
    /// Bytes spilled (stores).
    pub spill_bytes: Option<u32>,
    /// Static shared memory, bytes.
    pub static_smem: Option<u32>,
}

/// Whether libnvrtc can be loaded.
pub fn nvrtc_present() -> bool {
    // SAFETY: only tries to open the library.
    unsafe { sys::is_culib_present() }
}

fn log_of(prog: sys::nvrtcProgram) -> String {
    // SAFETY: prog is a live program.
    let raw = unsafe { result::get_program_log(prog) }.unwrap_or_default();
    let bytes: Vec<u8> = raw
        .iter()
        .map(|&c| c as u8)
        .take_while(|&c| c != 0)
        .collect();
    String::from_utf8_lossy(&bytes).into_owned()
}

/// The largest number written just before `suffix` on a line of the log: over every kernel of
/// the module (the GEMM and, with split-K, its reduction), the most registers, spills and shared
/// memory any of them takes.
fn number_before(log: &str, suffix: &str) -> Option<u32> {
    log.lines()
        .filter_map(|l| {
            let i = l.find(suffix)?;
            l[..i].split_whitespace().last()?.parse().ok()
        })
        .max()
}

/// Compile `src` for `arch` (e.g. `sm_90a`).
pub fn compile(src: &str, arch: &str) -> Result<Compiled, NvrtcError> {
    if !nvrtc_present() {
        return Err(NvrtcError::Missing);
    }
    let c_src = CString::new(src).map_err(|_| NvrtcError::NulInSource)?;
    let name: &CStr = c"cute_gemm.cu";
    let prog = result::create_program(&c_src, Some(name)).map_err(NvrtcError::Call)?;
    let opts = [
        format!("--gpu-architecture={arch}"),
        "-std=c++17".to_string(),
        "--ptxas-options=-v".to_string(),
        "-default-device".to_string(),
    ];
    // SAFETY: prog is live until destroyed below.
    let compiled = unsafe { result::compile_program(prog, &opts) };
    let log = log_of(prog);
    let out = compiled
        .map_err(|status| NvrtcError::Compile {
            status,
            log: log.clone(),
        })
        .and_then(|_| {
            let mut size = 0usize;
            // SAFETY: prog compiled successfully.
            unsafe { sys::nvrtcGetCUBINSize(prog, &mut size).result() }
                .map_err(NvrtcError::Call)?;
            let mut buf = vec![0 as c_char; size];
            // SAFETY: buf has the size NVRTC asked for.
            unsafe { sys::nvrtcGetCUBIN(prog, buf.as_mut_ptr()).result() }
                .map_err(NvrtcError::Call)?;
            Ok(buf.into_iter().map(|c| c as u8).collect::<Vec<u8>>())
        });
    // SAFETY: prog is live.
    let _ = unsafe { result::destroy_program(prog) };
    let cubin = out?;
    Ok(Compiled {
        registers: number_before(&log, " registers"),
        spill_bytes: number_before(&log, " bytes spill stores"),
        // ptxas omits the line when there is no static shared memory
        static_smem: number_before(&log, " bytes smem")
            .or_else(|| number_before(&log, " registers").map(|_| 0)),
        cubin,
        log,
    })
}

/// For a test that needs NVRTC: whether it is missing (or `CUTE_TEST_WITHOUT=nvrtc` pretends
/// so), said where a plain `cargo test` shows it: `SKIPPED <test>: needs NVRTC` written to
/// standard error itself, past the harness's capture of `eprintln!` (the workspace's
/// integration tests say it the same way: `tests/integration/helpers.rs`, `skipped`).
#[cfg(test)]
pub(crate) fn missing_for_test() -> bool {
    use std::io::Write;
    let pretend =
        std::env::var("CUTE_TEST_WITHOUT").is_ok_and(|v| v.split(',').any(|t| t.trim() == "nvrtc"));
    let missing = pretend || !nvrtc_present();
    if missing {
        let thread = std::thread::current();
        // one write, so that the line is not cut by the harness's lines on the other stream
        let line = format!(
            "SKIPPED {}: needs NVRTC (libnvrtc not found)\n",
            thread.name().unwrap_or("a test")
        );
        let _ = std::io::stderr().lock().write_all(line.as_bytes());
    }
    missing
}

#[cfg(test)]
mod tests {
    #[test]
    fn parses_the_ptxas_report() {
        let log = "ptxas info    : Compiling entry function 'cute_gemm' for 'sm_90a'\nptxas info    : Function properties for cute_gemm\n    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\nptxas info    : Used 254 registers, used 1 barriers, 384 bytes cmem[0]\n";
        assert_eq!(super::number_before(log, " registers"), Some(254));
        assert_eq!(super::number_before(log, " bytes spill stores"), Some(0));
        let two = format!(
            "{log}ptxas info    : Compiling entry function 'cute_gemm_sm90_reduce' for 'sm_90a'\n    0 bytes stack frame, 8 bytes spill stores, 0 bytes spill loads\nptxas info    : Used 20 registers\n"
        );
        assert_eq!(super::number_before(&two, " registers"), Some(254));
        assert_eq!(super::number_before(&two, " bytes spill stores"), Some(8));
    }
}
