py -m venv .venv
.venv\Scripts\activate
python -m pip install torch==2.13.0 --index-url https://download.pytorch.org/whl/cpu
python -m pip install attention_tutorial-0.1.0-py3-none-any.whl
python -m pip install jupyterlab
jupyter lab nonparametric.ipynb
