"""examples/cutelayout.ipynb runs (nbclient) and its outputs include a rendered layout."""

import pytest

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")
pytest.importorskip("ipykernel")


def test_example_notebook_runs_and_renders(repo):
    nb = nbformat.read(str(repo / "examples" / "cutelayout.ipynb"), as_version=4)
    nbclient.NotebookClient(nb, timeout=120, kernel_name="python3").execute()
    outputs = [o for cell in nb.cells if cell.cell_type == "code" for o in cell.get("outputs", [])]
    assert not [o for o in outputs if o.get("output_type") == "error"]
    texts = [o.get("text", "") for o in outputs if o.get("output_type") == "stream"]
    assert "(3,(2,4)):(236,(26,1))" in texts[0]
    htmls = [o["data"]["text/html"] for o in outputs if "text/html" in o.get("data", {})]
    svgs = [o["data"]["image/svg+xml"] for o in outputs if "image/svg+xml" in o.get("data", {})]
    assert any("background:rgb(" in h for h in htmls), "a tensor rendered as its grid"
    assert any("<!--  Layout: (4,8):(8,1)  -->" in s and "<svg" in s for s in svgs), "a layout as SVG"
    assert any("<!--  Tile:" in s and "<svg" in s for s in svgs), "a tiled MMA rendered as SVG"
    plain = [o["data"].get("text/plain", "") for o in outputs if "data" in o]
    plain += texts
    assert any("mma_atom(SM80_16x8x16_F32F16F16F32_TN)" in t for t in plain), "the MMA atom of an op"
