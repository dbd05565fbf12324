//! CLI transcripts (trycmd) under tests/cli/: every subcommand, success and failure.

#[test]
fn cli_transcripts() {
    trycmd::TestCases::new()
        .register_bin("cute", std::path::Path::new(env!("CARGO_BIN_EXE_cute")))
        .case("tests/cli/*.toml");
}
