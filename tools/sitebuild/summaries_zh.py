"""The Chinese of the Chinese API pages: one sentence per public name, and the tables.

``SUMMARIES`` (public names), ``BUILDING_BLOCKS`` and ``MEMBERS`` (methods and module
helpers a page shows) hold the sentence each object leads with; ``SECTIONS`` holds the
Chinese text of every documented parameter, return value, exception and attribute.

The package's docstrings are in English (``help()`` shows them); a Chinese reader of
the API reference (``docs/zh/api/``) reads these instead: the English docstring's prose
and examples stay under the sentence. ``tests/site/test_api_pages.py`` keeps the tables in
step with the package, computed with griffe: every public name, building block and shown
member has a sentence, every documented item its text, and nothing is kept for a name or
a parameter that is gone. The griffe extension ``docstring_links.py`` puts them in place.
The tables live with the build, not in the package: they are read only by the site build,
and a change to them executes no notebook (the notebooks' cache key covers the package).
"""

from __future__ import annotations

SUMMARIES: dict[str, str] = {
    # data
    "SEED": "本章所有数据和初始值共用的随机种子。",
    "ToyData": "玩具回归问题的训练集和测试集张量（由 `make_data` 生成）。",
    "make_data": "用固定种子生成玩具数据：在 `[0, x_max)` 上对 `f` 加噪声采样得到训练集，"
    "等差的测试输入和它们的真实值。",
    "f": "真实函数 $f(x) = 2\\sin(x) + x^{0.8}$，逐元素计算。",
    "describe": "打印一个张量的名字、形状和数据类型，再打印四舍五入后的值。",
    "prints_error": "运行 `with` 里的代码，它必须以 `kinds` 之一报错；打印报错的类型和消息的"
    "前 `lines` 行（默认一行，没打印的行数写在最后），太长时在词与词之间折行。",
    # pooling
    "average_pooling": "平均汇聚：对每个查询都预测全部值的平均数（一条水平线，作为基线）。",
    "gaussian_kernel": "高斯核 $K_h(u) = \\exp(-(u/h)^2/2) / (\\sqrt{2\\pi}\\,h)$ 的值，"
    "$h$ 为带宽。",
    "nadaraya_watson": "Nadaraya-Watson 核回归（非参数注意力汇聚）：把查询平铺成矩阵，"
    "返回预测和注意力权重。",
    "nadaraya_watson_broadcast": "同一个 Nadaraya-Watson 核回归，用广播代替平铺。",
    "leave_one_out": "留一法：给每个训练点配上除它自己以外所有点的键和值。",
    # model, training
    "NWKernelRegression": "Nadaraya-Watson 回归，带宽的倒数 `w` 是可学习的。",
    "train": "用 SGD 训练 `model.w`，键和值按留一法选取，损失是平方误差之和。",
    "loss_at_w": "`w` 固定时模型的训练平方误差之和（默认用留一法）。",
    "predict": "用给定的 `w` 做预测：所有查询共用同一组键和值。",
    "w_path": "训练前以及每一步全批量 SGD 之后 `w` 的值（可以训练 `w` 或 $\\log w$）。",
    # analysis
    "bandwidth_from_w": "可学习参数 `w` 对应的带宽 $1/|w|$。",
    "best_w": "网格上留一法训练损失最小的 `w`。",
    "loss_curve": "网格上每个 `w` 的训练损失之和。",
    "mse_against_truth": "在 `x_test` 上的预测相对真实函数 `f` 的均方误差。",
    "input_spacing": "相邻训练输入之间间距的中位数和平均数。",
    "gaussian_scores": "每一对查询和键的高斯核分数 $-((q - k)w)^2/2$。",
    "dot_product_scores": "每一对查询和键的点积分数 $(qw)(kw) - (kw)^2/2$：第 $i$ 行比高斯核分数"
    "多出 $(q_i w)^2/2$，分数不同，softmax 相同。",
    "dot_product_pooling": "用点积分数计算的 Nadaraya-Watson 回归。",
    # local linear regression
    "local_linear": "局部线性核回归：用宽度为 $h$ 的高斯核权重，在每个查询附近拟合一条加权直线。",
    # transformer, toy2d
    "gaussian_kernel_nd": "每个查询与每个键之间的 $d$ 维高斯核。",
    "dot_product_attention": "用矩阵乘法和 softmax 逐步写出的缩放点积注意力："
    "$\\mathrm{softmax}(QK^\\top s + b)\\,V$，"
    "可以带掩码和键偏置。",
    "masked_leave_one_out": "一行写出本章模型的留一法预测：`masked_fill(eye, -inf)`。",
    "ScalarKernelAttention": "本章模型的向量版：所有方向共用同一个标量 `w`。",
    "ProjectedAttention": "带可学习投影 `W_q`、`W_k`、`W_v`（`nn.Linear`）的注意力。",
    "ToyData2D": "二维玩具问题的训练集和测试集。",
    "make_data_2d": "用自己的随机数生成器生成二维玩具数据（不改动全局生成器）。",
    "train_leave_one_out": "在训练集上训练一个注意力模型，每个点都看不到自己的键。",
    "mse_on_test": "训练好的模型在测试集上的预测相对 $f(x_1)$ 的均方误差。",
    "train_seeds": "每个种子训练一个 `ProjectedAttention(d_in=d, d_k=d)`，"
    "所有模型在同一个成批的循环里一起训练。",
    # scaling
    "nadaraya_watson_chunked": "分块计算的 Nadaraya-Watson：对一块块的键做在线 softmax，"
    "内存不随 $n^2$ 增长。",
    "nadaraya_watson_sdpa": "用 `F.scaled_dot_product_attention` 计算的 Nadaraya-Watson："
    "点积加键偏置。",
    "peak_intermediate_bytes": "一种写法的中间张量在给定数据类型下占用的字节数。",
    # explorer
    "bandwidth_explorer": "返回 `data`（默认是 `make_data()`）的带宽探索器；"
    "把它放在笔记本单元格的最后一行，单元格就会显示它。",
    "BandwidthExplorer": "`bandwidth_explorer` 返回的对象，笔记本的单元格把它显示为探索器的 HTML。",
    # stepper
    "sgd_stepper": "返回 `data`（默认是 `make_data()`）的 SGD 单步演示；"
    "把它放在笔记本单元格的最后一行，单元格就会显示它。",
    "SgdStepper": "`sgd_stepper` 返回的对象，笔记本的单元格把它显示为单步演示的 HTML。",
    # figures of the chapter
    "plot_data": "画真实函数、带噪声的训练点，以及测试输入（查询）所在的位置。",
    "plot_fit": "画真实函数、预测和训练点。",
    "plot_fits": "画几条拟合曲线，每条一幅，共用纵轴和一个图例。",
    "plot_loss": "画每个训练轮次（从 1 开始）的训练损失。",
    "plot_loss_vs_w": "画训练损失随 $w$ 的变化：含自身的键一条，去掉自身的键（留一法）一条。",
    "plot_w_paths": "把训练中 $w$ 走过的路径画在留一法损失曲线上。",
    "plot_attention_heatmap": "把注意力权重画成热图：每行一个查询，每列一个键。",
    "plot_attention_heatmaps": "把几个模型的注意力权重热图上下排列，共用一个颜色刻度。",
    "plot_attention_pooling": "画一个查询汇聚几个键值对：$f(q) = \\sum_i \\alpha(q, k_i) v_i$。",
    "plot_bandwidth_gallery": "画几个带宽下的 Nadaraya-Watson 拟合和对应的注意力权重热图。",
    "plot_boundary_bias": "画 Nadaraya-Watson 在数据边缘的偏差，以及局部线性回归怎样减小它。",
    "plot_score_parts": "把一个查询的高斯核分数拆成点积和每个键的偏置，并画出两种写法经 softmax "
    "得到的相同权重。",
    "plot_shape_flow": "一步步画出非参数预测和带参数的留一法训练中每个张量的形状。",
    "plot_explorer_panels": "画带宽探索器在一个 `w` 下的四个面板：课程页以外、或没有 JavaScript 时"
    "显示的静态图。",
    "scale_measurements": "随包发布的四种写法的实测时间和内存（每种写法、每个 n 各测三次）。",
    "plot_scaling": "在双对数坐标上画每种写法的运行时间和峰值内存随 $n$ 的变化。",
    "plot_matrices": "把几个小矩阵并排画成热图，每格写出元素的值。",
    "plot_kernel_contours": "把每个模型的核在一个查询周围画成等高线：权重落在键平面的哪里。",
    # the tensor API handbook's pictures
    "TensorPanel": "要画的一个张量，连同它的代码标签、颜色和说明文字。",
    "draw_tensors": "把张量一行行画成彩色方格，行与行之间画带标签的箭头。",
    "diagram_arange": "画 `torch.arange(start, end, step)`：左闭右开的范围，终点不包含在内。",
    "diagram_sort": "画 `torch.sort(x)`：排好序的值，以及每个值原来的位置。",
    "diagram_repeat_interleave": "画 `x.repeat_interleave(repeats, dim)`：每个元素紧挨着重复。",
    "diagram_repeat": "画 `x.repeat(*sizes)`：整个张量平铺，复制出新的内存。",
    "diagram_expand": "画 `x.expand(*sizes)`：用步长 0 重复的视图，不复制。",
    "diagram_broadcast": "画 `a op b` 中的广播：两个操作数先扩展（不复制），再逐元素运算。",
    "diagram_reshape": "画 `x.reshape(*shape)`：元素和顺序不变，只换形状。",
    "diagram_transpose": "画 `x.t()`：同一块内存的视图，只是把两个步长对调着读。",
    "diagram_unsqueeze": "画 `x.unsqueeze(dim)`：在 `dim` 处插入一个长度为 1 的轴。",
    "diagram_squeeze": "画 `x.squeeze(dim)`：去掉长度为 1 的轴（`dim` 为 None 时去掉全部）。",
    "diagram_matmul": "画 `torch.matmul(a, b)`，用颜色标出相乘求和的那个维度。",
    "diagram_batch_shapes": "画 `torch.matmul(a, b)` 怎样给批量维配对：两个批量形状从右端对齐，"
    "下面是结果的批量形状。",
    "diagram_bmm": "画 `torch.bmm(a, b)`：每个批量元素各做一次矩阵乘法，不广播。",
    "diagram_eye_mask": "画留一法的做法：平铺，用掩码去掉对角线，再变形为 `(n, n - 1)`。",
    "diagram_eye": "并排画出每个尺寸的 `torch.eye`：主对角线上是 1，其余是 0。",
    "diagram_masked_fill": '画带掩码的 softmax：先 `scores.masked_fill(mask, float("-inf"))`，'
    "再 `softmax`。",
    "diagram_where": "画 `torch.where(condition, input, other)`：每个格子取自两个张量之一。",
    "diagram_einsum": '画 `torch.einsum("qk,qk->q", weights, values)`：每一行逐元素相乘再求和。',
    "diagram_linear": "画不带偏置的 `nn.Linear`：`layer(x) = x @ layer.weight.T`。",
    "diagram_clone": (
        "把 `w.clone()` 和 `w.detach()` 并排画在 `w` 下面，再在最下面画 `w.detach().clone()`。"
    ),
    "diagram_softmax": "画 `F.softmax(x, dim=dim)`，框出加起来等于 1 的那些格子。",
    "diagram_mse_loss": "画 `nn.MSELoss` 的三种 reduction：`'none'`、`'sum'` 和 `'mean'`。",
    "diagram_sgd_step": "画 `torch.optim.SGD` 的一步：逐元素 `w ← w - lr * w.grad`。",
}

# The building blocks of modules whose API page shows them apart from the lessons'
# functions (docs/<lang>/api/scores.md): public in their module, not in ``at``.
BUILDING_BLOCKS: dict[str, dict[str, str]] = {
    "attention_tutorial.scores": {
        "inverse_bandwidth": "把检查过的带宽 $h$ 换成 $w = 1/h$，上限是该数据类型能表示的最大数。",
        "score": "差值 $d = q - k$ 的高斯核分数 $-(d\\,w)^2/2$：整个包里只有这里写出这个公式。",
        "proximity": "每个键离每个查询有多近：用 float64 算 $qk - k^2/2$，越大越近。",
        "proximity_nd": "向量版的 `proximity`：用 float64 算 $q \\cdot k - \\lVert k\\rVert^2/2$，"
        "越大越近。",
        "nearest_key_weights": "核极窄时的极限权重：最近的键得到 1，完全并列时平分。",
        "softmax_over_keys": "沿键的方向做 softmax；某一行的分数全是 $-\\infty$ 时，"
        "改用最近键的极限权重。",
        "online_pool": "把键分块计算 Nadaraya-Watson 预测，用在线 softmax 累加。",
        "dot_product_terms": "点积写法的三部分：$qw$、$kw$ 和键偏置 $-(kw)^2/2$。",
    },
}

# ---------------------------------------------------------------------------------------
# Members of classes and module functions outside ``__all__`` that an API page shows: one
# Chinese sentence each, keyed by the path inside the package.
MEMBERS: dict[str, str] = {
    "data.ToyData.n_train": "训练样本（键和值）的个数。",
    "data.ToyData.n_test": "测试输入（查询）的个数。",
    "explorer.BandwidthExplorer.__init__": "保存数据、初始的 `w` 和查询的下标（由调用者检查过）。",
    "explorer.BandwidthExplorer.html": "探索器的 HTML：它的 JSON 和静态图。",
    "figures.tensors.drawing.render": "把一行行面板从上到下排好，两行之间画带标签的箭头。",
    "figures.tensors.panel.Text": "一行说明文字：与语言无关的字符串（代码、数字），"
    '或 `{"zh": ..., "en": ...}`。',
    "figures.tensors.panel.shape_text": "按 Python 打印元组的样子写出形状：`(3,)`、`(2, 3)`、"
    "`()`。",
    "figures.tensors.panel.Grid": "校验过的面板，换成 numpy 数组和以格为单位的尺寸。",
    "figures.tensors.panel.as_array": "把张量（先 detach）或 numpy 数组转成 numpy 数组；其他类"
    "型一律拒绝。",
    "figures.tensors.panel.format_values": "写出每格的值：布尔值、整数，或保留两位小数的浮点数"
    "（全是整数值时保留一位）。",
    "figures.tensors.panel.value_spec": "浮点格的格式：`tensors` 全体共用一条规则。",
    "figures.tensors.panel.grid_of": "校验一个面板，并把它转成 `Grid`。",
    "figures.tensors.panel.pick": "与语言无关的字符串原样返回；映射则取 `lang` 对应的那一项。",
    "model.NWKernelRegression.__init__": "创建模型。",
    "model.NWKernelRegression.forward": "对每一行的值做加权汇聚，权重来自查询和键的相似度。",
    "scaling.formulation": "按名字返回一种写法的函数。",
    "scaling.peak_intermediates": "一种写法在内存峰值时持有的中间张量及其形状。",
    "scaling.median_measurements": "每组测量（一种写法在一个 n 上）一行，附上各次运行的 "
    "`seconds` 和 `peak_bytes` 的中位数。",
    "stepper.SgdStepper.__init__": "保存数据和各项设置（由调用者检查过）。",
    "stepper.SgdStepper.path": "训练前以及每一步之后 `w` 的值，共 `steps + 1` 个"
    "（由 `w_path` 算出）。",
    "stepper.SgdStepper.html": "单步演示的 HTML：它的 JSON，加上没有本网站的脚本时显示的静态"
    "路径图。",
    "transformer.ScalarKernelAttention.__init__": "用初始的 `w`（一个数或只有一个元素的浮点"
    "张量）创建模型。",
    "transformer.ScalarKernelAttention.forward": "返回 `(y_hat, attention_weights)`；"
    "形状与 `dot_product_attention` 的相同。",
    "transformer.ProjectedAttention.__init__": "创建三个投影（用 PyTorch 的全局随机数生成器初始"
    "化）。",
    "transformer.ProjectedAttention.forward": "先投影，再做注意力；返回"
    " `(output, attention_weights)`。",
}

# ---------------------------------------------------------------------------------------
# The Chinese text of every documented parameter, return value, exception and attribute
# of the objects the API pages show, keyed by the object's path inside the package; in
# each entry a parameter goes by its name (``*shape`` for ``*shape``), the return value by
# ``"return"``, an exception by ``"raise ValueError"``, an attribute by ``"attr x_train"``.
# ``docstring_links.py`` puts them in place of the English descriptions on the Chinese
# pages (the names, types and defaults stay); ``tests/site/test_api_pages.py`` checks,
# with griffe, that every documented item has its text here and nothing else is here.

_LANG = '图中文字的语言：`"zh"`、`"en"` 或 `None`（当前语言）。'
_TITLE = "可选的标题。"
# the layout of a figure that has a phone's twin (figures/curves.py, attention.py, tensors/)
_FIGURE = "图（`TutorialFigure`）；`fig.description` 是它的替代文字。"
# the figures whose docstrings name the phone layout by both its names (``layout``, once in
# full in docs/snippets/api-figures.*.md): the phone layout and the error for another value
_PHONE = '`"narrow"` 或 `"stacked"`（两个名字指同一种手机布局）'
_BAD_LAYOUT = '`layout` 不是 `"wide"`、`"narrow"` 或 `"stacked"`'
_PHONE_LEGEND = '`"wide"`：图例在绘图区内；' + _PHONE + "：图例在绘图区下面。"
_X_TEST = "测试输入（查询），形状 `(n_test,)`。"
_Y_TRUTH = "`f(x_test)`，形状 `(n_test,)`。"
_X_TRAIN = "训练输入（键），形状 `(n_train,)`。"
_X_TRAIN_2 = "训练输入（键），形状 `(n_train,)`，`n_train >= 2`。"
_Y_TRAIN = "训练输出（值），形状 `(n_train,)`。"
_WRONG_TYPE = "某个参数的类型不对时。"
_NOT_TENSOR = "某个参数不是张量时。"
_W_SCALAR = "带宽的倒数 $w$：一个数，或像 `model.w` 那样只有一个元素的张量。"
_LR = "学习率，一个正数。"
_ONE_INPUT = "输入在上，结果在下的图。"
_AB_FIGURE = "`a` 和 `b` 并排在上、结果在下的图。"
_TOO_LARGE = "，或者结果太大、画不下时。"
_FORMULATION = '`"tiled"`、`"broadcast"`、`"chunked"`、`"sdpa"` 之一。'
_QKV_TYPE = "`queries`、`keys` 或 `values` 不是张量，或 `bandwidth` 既不是数也不是张量时。"
_QKV_VALUE = (
    "某个张量不是一维、是空的、是整数类型，或含有 NaN 或无穷大；`queries`、`keys`、`values` "
    "的数据类型不同（如 float64 与 float32 混用）；`keys` 和 `values` 长度不同；"
    "或者 `bandwidth` 不是有限的正数、或含多个元素时。"
)
_XY_VALUE = (
    "`x_train` 或 `y_train` 不是一维、是整数类型，或含有 NaN 或无穷大；两者长度或数据类型不同；"
    "或者 `n_train < 2` 时。"
)

SECTIONS: dict[str, dict[str, str]] = {
    # analysis
    "analysis.loss_curve": {
        "ws": "要试的各个 `w`，形状 `(n_w,)`，有限且在 float32 的范围之内。",
        "x_train": "训练输入（键），形状 `(n_train,)`，浮点类型；`leave_one_out=True` 时"
        "`n_train >= 2`。",
        "y_train": "训练输出（值），形状 `(n_train,)`，数据类型与 `x_train` 相同。",
        "leave_one_out": "去掉每个点自己的键和值（默认）；为 `False` 时每个点也能看到自己的键。",
        "return": "各个 `w` 的损失，形状为 `(n_w,)` 的浮点数组。",
        "raise TypeError": "`ws` 不是一列数，`x_train` 或 `y_train` 不是张量，"
        "或 `leave_one_out` 不是布尔值时。",
        "raise ValueError": (
            "`ws` 不是一维、是空的、含有 NaN 或无穷大，"
            "或含有超出 float32 的 `w`（`|w| > 3.4e38`）；"
            "`x_train` 或 `y_train` 不是一维、是空的、是整数类型，或含有 NaN 或无穷大；"
            "两者长度或数据类型不同；或者 `leave_one_out=True` 而 `n_train < 2` 时。"
        ),
    },
    "analysis.best_w": {
        "ws": "要试的各个 `w`，形状 `(n_w,)`，有限且在 float32 的范围之内。",
        "x_train": "训练输入（键），形状 `(n_train,)`，`n_train >= 2`，浮点类型。",
        "y_train": "训练输出（值），形状 `(n_train,)`，数据类型与 `x_train` 相同。",
        "return": "网格上损失最小的那个值（几个并列时取第一个）。",
        "raise TypeError": "`ws` 不是一列数，或 `x_train`、`y_train` 不是张量时。",
        "raise ValueError": (
            "`ws` 不是一维、是空的、含有 NaN 或无穷大，"
            "或含有超出 float32 的 `w`（`|w| > 3.4e38`）；"
            "`x_train` 或 `y_train` 不是一维、是空的、是整数类型，或含有 NaN 或无穷大；"
            "两者长度或数据类型不同；`n_train < 2`；或者网格上某处的损失不是有限数时。"
        ),
    },
    "analysis.mse_against_truth": {
        "w": "带宽的倒数 $w$：一个数，或像 `model.w` 那样只有一个元素的浮点张量；"
        "有限且在 float32 的范围之内。",
        "x_test": "测试输入（查询），形状 `(n_test,)`，浮点类型。",
        "y_truth": "不含噪声的 `f(x_test)`，形状 `(n_test,)`，数据类型与 `x_test` 相同。",
        "x_train": "训练输入（键），形状 `(n_train,)`，数据类型与 `x_test` 相同。",
        "y_train": "训练输出（值），形状 `(n_train,)`，数据类型与 `x_test` 相同。",
        "return": "`(y_hat - y_truth) ** 2` 的平均数，一个 Python 浮点数。",
        "raise TypeError": "`w` 既不是数也不是张量，或四个数据中有一个不是张量时。",
        "raise ValueError": (
            "`w` 是 NaN、无穷大、超出 float32（`|w| > 3.4e38`）、是整数张量或含多个元素；"
            "某个数据张量不是一维、是空的、是整数类型，或含有 NaN 或无穷大；"
            "`x_test` 与 `y_truth`，或 `x_train` 与 `y_train` 长度不同；"
            "或者四个张量的数据类型不同时。"
        ),
    },
    "analysis.bandwidth_from_w": {
        "w": "一个有限的数，或像 `model.w` 那样只有一个元素的浮点张量。",
        "return": "带宽，一个正的浮点数（`w = 0` 时是 `math.inf`）。",
        "raise TypeError": "`w` 既不是数也不是张量时。",
        "raise ValueError": "`w` 是 NaN、无穷大、整数类型的张量，或含多个元素时。",
    },
    "analysis.input_spacing": {
        "x_train": "训练输入（键），形状 `(n_train,)`，`n_train >= 2`，浮点类型。",
        "return": "`(median_gap, mean_gap)`，两个 Python 浮点数。",
        "raise TypeError": "`x_train` 不是张量时。",
        "raise ValueError": "`x_train` 不是一维、是整数类型，或含有 NaN 或无穷大，"
        "或者 `n_train < 2` 时。",
    },
    # data
    "data.f": {
        "x": "输入，任意形状，全都 `>= 0`（`x` 为负时 `x ** 0.8` 是 NaN）。",
        "return": "与 `x` 形状相同的张量。",
        "raise TypeError": "`x` 不是张量时。",
        "raise ValueError": "`x` 含有负数、NaN 或无穷大时。",
    },
    "data.ToyData": {
        "attr x_train": "排好序的训练输入，形状 `(n_train,)`；它们是键。",
        "attr y_train": "带噪声的训练输出，形状 `(n_train,)`；它们是值。",
        "attr x_test": "等间距的测试输入，形状 `(n_test,)`；它们是查询。",
        "attr y_truth": "不含噪声的 `f(x_test)`，形状 `(n_test,)`。",
    },
    "data.make_data": {
        "n_train": "训练样本的个数，`>= 1`。",
        "x_max": "输入从 `[0, x_max)` 中抽取；必须是正数。",
        "noise_std": "加在标签上的高斯噪声的标准差，`>= 0`。",
        "test_step": "测试输入的间距，`0 < test_step <= x_max`。",
        "seed": "局部随机数生成器的种子，在 `[0, 2**64 - 1]` 内。",
        "return": "训练集和测试集的张量，数据类型都是 `torch.float32`。",
        "raise TypeError": _WRONG_TYPE,
        "raise ValueError": "某个参数超出范围时。",
    },
    "data.describe": {
        "name": "打印在形状前面的名字，通常就是变量名。",
        "tensor": "要显示的张量（可以需要梯度；会先 detach）。",
        "decimals": "浮点数保留的小数位数，`>= 0`。",
        "max_items": "每个维度最多显示的元素个数，`>= 2`。",
        "raise TypeError": "`name` 不是字符串或 `tensor` 不是张量时。",
        "raise ValueError": "`decimals` 或 `max_items` 超出范围时。",
    },
    "data.prints_error": {
        "*kinds": "这段代码可以抛出的异常类，至少一个。",
        "width": "打印的各行在这么多个字符处折行，`>= 20`。",
        "lines": "打印消息的前几行，`>= 1`；为 `None` 时全部打印。",
        "raise TypeError": "`kinds` 是空的，或其中有不是异常类的东西时。",
        "raise ValueError": "`width` 小于 20 或 `lines` 小于 1 时。",
        "raise AssertionError": "这段代码没有报错时。",
    },
    # explorer
    "explorer.bandwidth_explorer": {
        "data": "玩具数据集；为 `None` 时用 `make_data()`。",
        "w": "初始的 `w`，在 0.1 到 1000 之间：一个数，或像 `model.w` 那样只有一个元素的浮点张量。",
        "query_indices": "一到三个互不相同的测试下标（整数），每个在 0 到 `n_test - 1` 之间"
        "（`make_data()` 是 0 到 49）：画出这几个查询的权重曲线。",
        "return": "一个 `BandwidthExplorer`，笔记本的单元格会显示它：在本网站的课程页上带滑块，"
        "在别处（Jupyter 里也是）显示它的静态图。",
        "raise TypeError": "`data` 不是 `ToyData`；`w` 既不是数也不是张量，或者是布尔值"
        "（`True` 不能当作 `w`）；或 `query_indices` 不是整数的序列时。",
        "raise ValueError": "`w` 是张量，但不止一个元素，或是整数、布尔类型；`w` 不在 0.1 到 "
        "1000 之间；或者 `query_indices` 是空的、多于三个、有重复，"
        "或有下标不在 0 到 `n_test - 1` 之间时。",
    },
    "explorer.BandwidthExplorer": {
        "attr data": "写进页面的玩具数据。",
        "attr w": "滑块上初始的 `w`。",
        "attr query_indices": "画出权重曲线的那几个测试下标。",
    },
    "explorer.BandwidthExplorer.html": {
        "lang": '文字的语言：`"zh"`、`"en"` 或 `None`（当前语言），与画图的函数相同。',
        "return": "HTML，一个字符串；存成自己的文件，打开看到的是静态图。",
    },
    # figures.attention
    "figures.attention.plot_attention_heatmap": {
        "attention_weights": "形状 `(n_queries, n_keys)`；需要梯度的张量会先 detach。",
        "queries": "查询的输入，形状 `(n_queries,)`，从小到大排好序；"
        "可以不给，但要和 keys 一起给。",
        "keys": "键的输入，形状 `(n_keys,)`，从小到大排好序；可以不给，但要和 queries 一起给。",
        "layout": '`"wide"`（颜色条在右边），或 ' + _PHONE + "：颜色条在热图下面，"
        "热图占满图的宽度。",
        "lang": '默认标签的语言：`"zh"`、`"en"` 或 `None`（当前语言）。',
        "xlabel": "键那条轴的标签；默认是“键（训练输入）”。",
        "ylabel": "查询那条轴的标签；默认是“查询（测试输入）”。",
        "title": _TITLE,
        "return": "图；它的第二个坐标系是颜色条。",
        "raise ValueError": _BAD_LAYOUT + "；`lang` 未知、权重不是二维，`queries`、`keys` "
        "只给了一个，或者它们与权重的行、列对不上或没有排序时。",
    },
    "figures.attention.plot_attention_heatmaps": {
        "attention_weights": "面板标题 → 形状为 `(n_queries, n_keys)` 的权重，每个面板形状相同"
        "（一到四个面板；需要梯度的张量会先 detach）。标题在各种语言里都原样显示：请用代码里的"
        "名字，"
        "例如模型的类名。",
        "queries": '`"test"`、`"train"` 或 `"grid_row"`：查询是什么，用于两条轴的标签（`"train"`：'
        "每个训练输入关注各个训练输入，就像留一法训练那样，这时两条轴都注明刻度是"
        '训练点按 x 排序后的序号；`"grid_row"`：查询是二维玩具问题测试网格的一行，从左到右，'
        "键是按 x₁ 排序的训练点，两条轴都这样注明）。",
        "query_points": '`queries="grid_row"` 时可以给出查询本身，形状 `(n_queries, 2)`：'
        "网格的一行（x₂ 相同），x₁ 从小到大。这时查询那条轴和替代文字会写明是哪一行、x₁ 的范围。",
        "layout": '`"wide"`（颜色条在右边），或 ' + _PHONE + "：颜色条放在热图下面，热图占满图宽。",
        "lang": _LANG,
        "query_ticks": '`"index"`（查询那条轴标序号），或者和 `query_points` 一起用 `"x1"`：'
        "查询那条轴直接标 x₁，刻度落在 x₁ 为整数（0、1、2……）的查询上；键那条轴仍标序号。",
        "return": "图：每个面板一个坐标系，最后是颜色条。",
        "raise ValueError": _BAD_LAYOUT + '；`lang` 未知、`queries` 不是 `"test"`、`"train"` 或 '
        '`"grid_row"`、没有面板或多于四个，权重不是二维、形状不同，或者给了 `query_points` '
        '而 `queries` 不是 `"grid_row"`、它不是每个查询一个点的 `(n_queries, 2)`、'
        "它的点不是网格的一行或 x₁ 没有从小到大，或者 `query_ticks` 不是 "
        '`"index"`、`"x1"`，或者用 `"x1"` 却没有给 `query_points` 时。',
    },
    "figures.attention.plot_attention_pooling": {
        "query": "查询 `q`：一个数，或只有一个元素的浮点张量。",
        "keys": "键 `k_i`，形状 `(n,)`，`1 <= n <= 8`。",
        "values": "值 `v_i`，形状 `(n,)`：每个键一个，数据类型与 `keys` 相同。",
        "bandwidth": "传给 `nadaraya_watson` 的带宽 `h`。",
        "lang": _LANG,
        "title": _TITLE,
        "layout": '`"wide"`：从左到右五列：查询、键、权重、值、输出；' + _PHONE + "："
        "查询在最上面，下面每行一对键值和它的权重，再往下是输出和逐项展开的求和。",
        "return": "图（一个没有刻度的坐标系）。",
        "raise TypeError": _WRONG_TYPE,
        "raise ValueError": _BAD_LAYOUT + "；`lang` 未知，或者形状、取值不合要求时。",
    },
    "figures.attention.plot_bandwidth_gallery": {
        "x_test": _X_TEST,
        "y_truth": _Y_TRUTH,
        "x_train": _X_TRAIN,
        "y_train": _Y_TRAIN,
        "bandwidths": "一到六个正的带宽 `h`。",
        "layout": '`"wide"`，或 ' + _PHONE + "：同样的网格，字更大、刻度更少。",
        "lang": _LANG,
        "return": "图：`2 * len(bandwidths)` 个坐标系（先是拟合，再是热图），"
        "后面每幅热图各有一个颜色条。",
        "raise TypeError": _WRONG_TYPE,
        "raise ValueError": _BAD_LAYOUT + "；`lang` 未知，或者形状、取值不合要求时。",
    },
    "figures.score_parts.plot_score_parts": {
        "query": "查询 `q`，一个有限的数。",
        "keys": "键，形状 `(n_train,)`，`n_train >= 2`，都是有限的数。",
        "lang": _LANG,
        "layout": '`"wide"`：两幅图左右并排；' + _PHONE + "：分数在上、权重在下。",
        "return": "图，有两个坐标系：先是分数，再是权重。",
        "raise TypeError": _WRONG_TYPE,
        "raise ValueError": _BAD_LAYOUT + "；`lang` 未知，或者形状、取值不合要求时。",
    },
    "figures.boundary_bias.plot_boundary_bias": {
        "x_test": _X_TEST,
        "y_truth": _Y_TRUTH,
        "x_train": _X_TRAIN,
        "y_train": _Y_TRAIN,
        "bandwidth": "两种拟合共用的带宽 `h`。",
        "query_index": "画出哪个测试输入的权重（默认是第一个）。",
        "equivalent_weights": "再用圆点画出局部线性回归对这个查询的等效权重"
        "（它的预测就是这些权重对 ``y_train`` 的加权和），并画一条 0 的水平线。",
        "layout": '`"wide"`：两幅图左右并排；' + _PHONE + "：拟合在上、权重在下。",
        "lang": _LANG,
        "return": "图，有两个坐标系。",
        "raise TypeError": _WRONG_TYPE,
        "raise ValueError": _BAD_LAYOUT + "；`lang` 未知，或者形状、取值不合要求时。",
    },
    "figures.cost.plot_scaling": {
        "measurements": "非空的行列表，如 "
        "[`scale_measurements()`][attention_tutorial.scaling.scale_measurements] 返回的 "
        '`"rows"`：每行是一个字典，含 `formulation`（`"tiled"`、`"broadcast"`、`"chunked"`、'
        '`"sdpa"` 之一；`"sdpa"` 指 `torch.nn.functional.scaled_dot_product_attention`）、'
        "`n`、`seconds`、"
        "`peak_bytes`（还可以有 `predicted_bytes`，同一种写法要么每行都有，要么都没有；"
        "以及 `runs`，即这一行背后的各次测量，每次含 `seconds` 和 `peak_bytes`：如果每行的测量次数"
        "相同，而且这一行的 `seconds` 和 `peak_bytes` 正是它们的中位数，替代文字就说这些值是"
        "那么多次测量的中位数）；"
        "其中的数值字段（`n`、`seconds`、`peak_bytes`、`predicted_bytes`）可以是实数、"
        "NumPy 标量或 0 维张量。每种写法在每个 `n` 处只有一行；只有一行的写法画成一个点。",
        "lang": _LANG,
        "layout": '`"wide"`：两幅图左右并排；' + _PHONE + "：时间在上、内存在下。",
        "title": "第一幅图的标题，可以不给。",
        "return": "图，有两个坐标系：先是时间，后是内存；`fig.description` 是它的替代文字。",
        "raise TypeError": "`measurements` 不是列表或元组（是字符串、生成器或 `None`），"
        "或某一行的某个字段（包括 `predicted_bytes`）不是数（布尔值和字符串都不算）时。",
        "raise ValueError": _BAD_LAYOUT
        + "；`lang` 未知；`measurements` 是空的；某一行不是字典或缺少字段；"
        "它的 `formulation` 不是那四个名字之一；它的 `n` 或 `seconds` "
        "不是有限的正数（`peak_bytes` 和 `predicted_bytes` 须是非负的有限数）；"
        "同一种写法有两行的 `n` 相同；或者同一种写法只有部分行带有 `predicted_bytes` 时。",
    },
    # figures.curves
    "figures.curves.plot_data": {
        "x_test": _X_TEST,
        "y_truth": _Y_TRUTH,
        "x_train": _X_TRAIN,
        "y_train": _Y_TRAIN,
        "lang": _LANG,
        "title": _TITLE,
        "layout": '`"wide"`：图例在绘图区下面，分两列；' + _PHONE + "：更窄的图，"
        "图例在绘图区下面，一列。",
        "return": _FIGURE,
        "raise TypeError": "某个数组含有非实数（布尔值、字符串、复数或 `None`）时。",
        "raise ValueError": _BAD_LAYOUT + "；`lang` 未知；某个数组不是一维、是空的、"
        "含有 NaN 或无穷大；或者长度对不上时。",
    },
    "figures.curves.plot_fit": {
        "x_test": _X_TEST,
        "y_truth": _Y_TRUTH,
        "y_hat": "在 `x_test` 处的预测，形状 `(n_test,)`。",
        "x_train": _X_TRAIN,
        "y_train": _Y_TRAIN,
        "lang": _LANG,
        "title": _TITLE,
        "layout": '`"wide"`：图例在绘图区下面，排成一行；' + _PHONE + "：更窄的图，"
        "图例在绘图区下面，一列。",
        "return": _FIGURE,
        "raise TypeError": "某个数组含有非实数（布尔值、字符串、复数或 `None`）时。",
        "raise ValueError": _BAD_LAYOUT + "；`lang` 未知；某个数组不是一维、是空的、"
        "含有 NaN 或无穷大；或者长度对不上时。",
    },
    "figures.curves.plot_fits": {
        "x_test": _X_TEST,
        "y_truth": _Y_TRUTH,
        "fits": "各幅的标题 → 在 `x_test` 处的预测，形状 `(n_test,)`。标题在各种语言里都原样显示，"
        '所以只用符号和数字，例如 `"w = 1.00"`。',
        "x_train": _X_TRAIN,
        "y_train": _Y_TRAIN,
        "titles": "代替 `fits` 的键作各幅的标题，每条拟合一个，顺序相同：字符串在各种语言里"
        "原样显示；用文字写的标题给一个“语言 → 标题”的映射"
        '（`{"zh": ..., "en": ...}`）。替代文字用各幅的标题称呼它们。',
        "layout": '`"wide"`：各幅并排，图例在它们下面；' + _PHONE + "：各幅上下排列，图例在下面。",
        "inputs": '横轴是什么：`"x"`，本章的一维输入；`"x1"`，二维输入的第一个特征 x₁'
        "（横轴写“输入的 x₁”，真实函数写 f(x₁)），训练点按它们的 x₁ 画。",
        "alt": "页面对这幅图的说明，代替替代文字里算出的那句话（各幅的均方误差和最大跳动）："
        '各种语言共用一个字符串，或一个“语言 → 文字”的映射（`{"zh": ..., "en": ...}`）。',
        "describe": "横轴上的一个区间 `(low, high)`：替代文字不再给算出的那句话，而是按位置称呼"
        "各幅（左图和右图；手机版式里是上图和下图），并给出每条曲线在 `low` 到 `high` 之间的"
        "测试输入上平均比真实函数高或低多少。",
        "lang": _LANG,
        "return": "图，每条拟合一幅；`fig.description` 是它的替代文字。",
        "raise TypeError": "`fits` 不是映射、`fits` 的某个键不是字符串、某个数组含有非实数"
        "（布尔值、字符串、复数或 `None`）、某个标题既不是字符串也不是字符串的映射，"
        "或 `alt` 两者都不是时。",
        "raise ValueError": _BAD_LAYOUT + '；`inputs` 不是 `"x"` 或 `"x1"`；`lang` 未知；'
        "`fits` 是空的；长度不一致；`titles` 的个数与拟合不同；标题映射或 `alt` 里没有 "
        "`lang`；同时给了 `alt` 和 `describe`；或者 `describe` 不是两个满足 `low <= high` "
        "的数、两者之间没有测试输入时。",
    },
    "figures.curves.plot_loss": {
        "losses": "每轮一个损失，每轮在更新之前测得（第一个是未训练模型的损失），即 "
        "[`train`][attention_tutorial.training.train] 的返回值。",
        "lang": _LANG,
        "title": _TITLE,
        "layout": '`"wide"`：宽屏的图；' + _PHONE + "：更窄的图。",
        "return": _FIGURE,
        "raise TypeError": "`losses` 含有非实数（布尔值、字符串、复数或 `None`）时。",
        "raise ValueError": _BAD_LAYOUT + "；`lang` 未知；或者 `losses` 不是一维、为空、"
        "含有 NaN 或无穷大时。",
    },
    "figures.curves.plot_loss_vs_w": {
        "ws": "$w$ 的网格，形状 `(n_w,)`，全是正数。",
        "losses_with_own": "含自身的键时每个 $w$ 的损失，形状 `(n_w,)`。",
        "losses_left_out": "去掉自身的键时每个 $w$ 的损失，形状 `(n_w,)`。",
        "lang": _LANG,
        "title": _TITLE,
        "layout": _PHONE_LEGEND,
        "return": _FIGURE,
        "raise TypeError": "某个数组含有非实数（布尔值、字符串、复数或 `None`）时。",
        "raise ValueError": _BAD_LAYOUT + "；`lang` 未知；某个数组不是一维、是空的、"
        "含有 NaN 或无穷大；长度不一致；或者某个 $w$ 不是正数时。",
    },
    "figures.curves.plot_w_paths": {
        "x_train": "训练输入（键），torch 浮点张量，形状 `(n_train,)`，`n_train >= 2`；"
        "不接受 numpy 数组，因为曲线由 `loss_curve` 用它们算出，而 `loss_curve` 只接受张量。",
        "y_train": "训练输出（值），形状 `(n_train,)`，数据类型与 `x_train` 相同。",
        "paths": "图例标签 → $w$ 的各个值（全是正数），例如 "
        "[`w_path`][attention_tutorial.training_paths.w_path] 的结果。"
        "标签在各种语言里都原样显示：只用符号和数字。",
        "ws": "曲线的网格；默认是 `logspace(-1, 3.5, 226)`，并会放宽到包含每条路径。",
        "zoom": "`(w_low, w_high, loss_low, loss_high)`：第一幅图下面再画一幅放大图，"
        "$w$ 从 `w_low` 到 `w_high`（对数坐标），损失从 `loss_low` 到 `loss_high`；"
        "为 `None`（默认）时只画一幅。放大图里的曲线用它自己的网格"
        "（窗口内 201 个 $w$）。",
        "layout": '`"wide"`：图例分两列放在绘图区下面；' + _PHONE + "：图更窄，图例一列。",
        "lang": _LANG,
        "return": _FIGURE,
        "raise TypeError": "`x_train` 或 `y_train` 不是 `torch.Tensor`（numpy 数组也不行）、"
        "`paths` 不是映射、`paths` 的某个键（图例标签）不是字符串、某条路径不是数的序列"
        "（单个数、字符串或字符串的列表都不是），"
        "或者某条路径或 `ws` 含有布尔值，或 `zoom` 不是四个数时。",
        "raise ValueError": _BAD_LAYOUT + "；`lang` 未知；"
        "`x_train` 或 `y_train` 不是一维、是空的、不是浮点类型（整数或布尔类型），"
        "或含有 NaN 或无穷大；两者长度或数据类型不同，或 `n_train < 2`；"
        "`paths` 或其中某条路径是空的，或某个 $w$ 不是有限的正数；"
        "`ws` 不是一维、是空的，或有不是有限正数的值；"
        "`zoom` 不是有限的数、`w_low` 不是正数，或某个下限不小于对应的上限时。",
    },
    "figures.explorer_panels.plot_explorer_panels": {
        "data": "玩具数据集；为 `None` 时用 `make_data()`，与 `bandwidth_explorer` 相同。",
        "w": "带宽的倒数 `1 / h`，正数：一个数，或像 `model.w` 那样只有一个元素的浮点张量；"
        "任何正数都可以，也可以在滑块的 0.1 到 1000 之外。",
        "query_indices": "一到三个互不相同的测试下标，每个在 0 到 `n_test - 1` 之间："
        "画出这几个查询的权重曲线。",
        "layout": '`"wide"`：四个面板排成两行两列；' + _PHONE + "：四个面板排成一列。",
        "lang": _LANG,
        "return": "图，有四个坐标系（外加一个颜色条）；`fig.description` 是它的替代文字。",
        "raise TypeError": "`data` 不是 `ToyData`；`w` 既不是数也不是张量，或者是布尔值"
        "（`True` 不能当作 `w`）；或 `query_indices` 不是整数的序列时。",
        "raise ValueError": _BAD_LAYOUT
        + "；`lang` 未知；`w` 是张量，但不止一个元素，或是整数、布尔类型；"
        "`w` 不是有限的正数；`query_indices` 是空的、多于三个或有重复；"
        "或者 `query_indices` 里有下标不在 0 到 `n_test - 1` 之间时。",
    },
    "figures.matrices.plot_matrices": {
        "matrices": '与语言无关的名字（如 `"W_q"`，两种语言里原样显示）→ 二维张量或数组，'
        "最大 8 × 8。",
        "lang": _LANG,
        "title": "所有矩阵上方的标题，可以不给。",
        "own_scale": "排在最后、用单独的颜色刻度来画的那几个矩阵的名字。",
        "ticks": '行和列的名字（如 `["x_1", "x_2"]`，按数学公式排版），可以不给；给了就每行、'
        "每列各一个，所有矩阵都必须是方阵，行数与名字个数相同。",
        "roles": '坐标轴的名字，可以不给：矩阵名 → 它的行和列各代表什么，取 `"query"`、`"key"`、'
        '`"centre"` 中的两个（查询 `x`、键 `k`、核的中心 `c`），画成该矩阵的纵轴和横轴标签，'
        "替代文字里也会说明。",
        "round_ticks": "颜色条的刻度取范围内的整齐数值（从 `-1.15` 到 `1.15` 的颜色条标 `-1`、`0`、"
        "`1`），而不是标在两端。",
        "layout": '`"wide"`：所有矩阵排成一行；' + _PHONE + "：每行最多两个矩阵，"
        "每个颜色条画在它那组矩阵下面。",
        "return": "图：每个矩阵一个坐标系，后面是各颜色条的坐标系。",
        "raise ValueError": _BAD_LAYOUT + "；`lang` 未知、没有矩阵，某个矩阵不是二维或太大，"
        "`own_scale` 列出的不是排在最后的几个矩阵，`ticks` 没有给每行每列都起名字，"
        "或者 `roles` 里有别的矩阵名或别的取值时。",
    },
    "figures.kernels.plot_kernel_contours": {
        "kernels": "模型名 → ``(centre, A)``，形状 ``(2,)`` 和 ``(2, 2)``；"
        "一到三个模型，每个一幅图。",
        "query": "查询，形状 ``(2,)``。",
        "keys": "键，形状 ``(n, 2)``，画成圆点；``None``：不画。",
        "lang": _LANG,
        "layout": '`"wide"`：几幅图左右并排；' + _PHONE + "：上下排列。",
        "return": "图：每个核一个坐标系。",
        "raise TypeError": _WRONG_TYPE,
        "raise ValueError": _BAD_LAYOUT + "；`lang` 未知；``kernels`` 没有模型或多于三个；"
        "形状不对；或者某个 ``A`` 不是对称正定矩阵时。",
    },
    "figures.shape_flow.plot_shape_flow": {
        "x_test": "测试输入（查询），`torch.Tensor`（不接受 numpy 数组），形状 `(n_test,)`。",
        "x_train": "训练输入（键），`torch.Tensor`，形状 `(n_train,)`，`n_train >= 2`。",
        "y_train": "训练输出（值），`torch.Tensor`，形状 `(n_train,)`。",
        "layout": '`"wide"`，或 ' + _PHONE + "：排成一列，每个输入在接收它的那一步上面单占一行。",
        "lang": _LANG,
        "return": "图，有一个坐标系（没有刻度）。",
        "raise TypeError": "`x_test`、`x_train` 或 `y_train` 不是 `torch.Tensor` 时"
        "（numpy 数组也不接受；报错里写出是哪个参数）。",
        "raise ValueError": _BAD_LAYOUT + "；`lang` 未知，或形状不合要求时。",
    },
    # figures.tensors
    "figures.tensors.drawing.draw_tensors": {
        "panels": "一行行面板，从上到下。",
        "arrows": '`len(panels) - 1` 个标签，与语言无关的字符串或 `{"zh": ..., "en": ...}`。',
        "title": "可选的标题，与语言无关的字符串或按语言给出的映射。",
        "notes": "图下面另加的几行文字，与语言无关的字符串或映射。",
        "legend": '颜色（和边框）表示什么，每种语言一句话 `{"zh": ..., "en": ...}`，'
        "放在替代文本的最前面；默认是同色的格子来自同一个元素（每个元素一种颜色）。",
        "lang": _LANG,
        "return": "图：一个没有刻度、以英寸为单位的坐标系。",
        "raise TypeError": "某个面板或张量的类型不对时。",
        "raise ValueError": "`lang` 未知、某个张量是空的或太大，或者面板的某个字段与它的张量对"
        "不上时。",
    },
    "figures.tensors.learning.diagram_softmax": {
        "x": "一维或二维的浮点张量。",
        "dim": "沿这个轴，结果加起来等于 1。",
        "names": "输入和结果在你的代码里的名字，画在它们的格子上和箭头里"
        '（``("scores", "weights")``：``weights = F.softmax(scores, dim=1)``）。',
        "lang": _LANG,
        "return": "输入在上、softmax 结果在下的图。",
        "raise TypeError": "`x` 不是张量、`dim` 不是整数或 `names` 不是两个字符串时。",
        "raise ValueError": "`lang` 未知、`x` 不是浮点类型、`dim` 超出范围或名字为空时。",
    },
    "figures.tensors.learning.diagram_mse_loss": {
        "y_hat": "预测，一维浮点张量。",
        "y": "目标，形状和数据类型与 `y_hat` 相同。",
        "lang": _LANG,
        "layout": '`"wide"`：`y_hat` 与 `y` 并排，和与平均数并排；'
        + _PHONE
        + "：每个张量各占一行，箭头里的代码折成几行。",
        "return": "图：两个输入、平方误差，然后是它们的和与平均数。",
        "raise TypeError": _NOT_TENSOR,
        "raise ValueError": "`lang` 未知、形状或数据类型不同，或 " + _BAD_LAYOUT + "时。",
    },
    "figures.tensors.learning.diagram_sgd_step": {
        "w": "参数的值，一维浮点张量。",
        "grad": "它的梯度，形状和数据类型与 `w` 相同。",
        "lr": "学习率，一个正数。",
        "lang": _LANG,
        "layout": '`"wide"`：`w` 和 `w.grad` 并排；'
        + _PHONE
        + "：上下叠放，箭头的说明写在代码下面。",
        "return": "图：上面是 `w` 和 `w.grad`，下面是更新后的 `w`。",
        "raise TypeError": _WRONG_TYPE,
        "raise ValueError": "`lang` 未知、形状不同或 `lr` 不是正数时。",
    },
    "figures.tensors.masks.diagram_eye_mask": {
        "n": "元素个数，`2 <= n <= 8`。",
        "values": "长度为 `n` 的一维张量；默认是 `torch.arange(n)`。",
        "name": '结果在图中的名字：`values` 是训练输入（本章的键）时写 `"keys"`。',
        "input_name": '值在图中的名字，与调用它的代码用的名字一致：训练输入写 `"x_train"`。',
        "lang": _LANG,
        "layout": '`"wide"`：`eye` 和 `mask` 并排；'
        + _PHONE
        + "：所有面板上下叠放，代码分成几行。",
        "show_mask": "`False` 时不画最上面一行的 `eye` 和 `mask`：同一个 `n` 的第二张图"
        "只有值变了，用得上。",
        "return": "图：四行；不画 `eye` 和 `mask` 时三行。",
        "raise TypeError": "`n` 不是整数、`values` 不是张量、`name` 或 `input_name` "
        "不是字符串，或 `show_mask` 不是布尔值时。",
        "raise ValueError": "`lang` 未知、`n` 超出范围、`values` 的长度不是 `n`，"
        "或 " + _BAD_LAYOUT + " 时。",
    },
    "figures.tensors.masks.diagram_eye": {
        "*sizes": "一到三个尺寸，每个是整数 `n >= 1` 或一对整数 `(n, m)`。",
        "lang": _LANG,
        "return": "图：一行单位矩阵。",
        "raise TypeError": "某个尺寸既不是整数也不是一对整数时。",
        "raise ValueError": "`lang` 未知、没有给尺寸或给了三个以上，"
        "或某个尺寸小于 1 或大得画不下时。",
    },
    "figures.tensors.masks.diagram_masked_fill": {
        "scores": "二维浮点张量 `(n_queries, n_keys)`。",
        "mask": "形状相同的布尔张量；每一行至少留一个 `False`（整行都是 `-inf` 会得到 NaN 权重）。",
        "lang": _LANG,
        "layout": '`"wide"`：`scores` 和 `mask` 并排；' + _PHONE + "：上下叠放，代码折成几行。",
        "return": "图：三行。",
        "raise TypeError": "`scores` 或 `mask` 不是张量时。",
        "raise ValueError": _BAD_LAYOUT + "；`lang` 未知、`scores` 不是二维浮点张量、"
        "`mask` 不是布尔张量或形状不同，或 `mask` 的某一行全是 `True` 时。",
    },
    "figures.tensors.masks.diagram_where": {
        "condition": "二维布尔张量。",
        "input": "`condition` 为 `True` 处取的值：形状与它相同的二维张量。",
        "other": "`condition` 为 `False` 处取的值："
        "形状与它相同、数据类型与 `input` 相同的二维张量。",
        "lang": _LANG,
        "layout": '`"wide"`：三个张量并排；' + _PHONE + "：上下叠放在结果上面，代码折成几行。",
        "return": "图：三个张量在上，结果在下。",
        "raise TypeError": "某个参数不是张量时。",
        "raise ValueError": _BAD_LAYOUT + "；`lang` 未知、`condition` 不是布尔张量，"
        "或某个张量不是二维、形状不同、（`other`）数据类型与 `input` 不同时。",
    },
    "figures.tensors.products.diagram_einsum": {
        "weights": "二维浮点张量，形状 `(n_queries, n_keys)`。",
        "values": "形状 `(n_queries, n_keys)`，形状和数据类型都与 `weights` 相同：每个查询"
        "自己的一行值。",
        "lang": _LANG,
        "layout": '`"wide"`：两个操作数并排；' + _PHONE + "：两个操作数上下叠放在结果上面，"
        "代码折成几行。",
        "return": "图：`weights` 和 `values` 在上，结果 `y_hat` 在下。",
        "raise TypeError": "`weights` 或 `values` 不是张量时。",
        "raise ValueError": _BAD_LAYOUT + "；`lang` 未知、`weights` 不是二维浮点张量，"
        "或 `values` 的形状或数据类型不同时。",
    },
    "figures.tensors.products.diagram_linear": {
        "layer": "一个 `nn.Linear(in_features, out_features, bias=False)`。",
        "x": "二维浮点张量 `(n, in_features)`，数据类型与这一层相同。",
        "lang": _LANG,
        "return": "图：`x` 和 `layer.weight` 在上，`layer(x)` 在下。",
        "raise TypeError": "`layer` 不是 `nn.Linear` 或 `x` 不是张量时。",
        "raise ValueError": "`lang` 未知、`layer` 带偏置，或 `x` 不是列数为 `in_features`、"
        "数据类型与这一层相同的二维浮点张量时。",
    },
    "figures.tensors.learning.diagram_clone": {
        "w": "一维或二维张量，通常是 `requires_grad=True` 的参数。",
        "lang": _LANG,
        "return": (
            "图：`w` 在上，`w.clone()` 和 `w.detach()` 在它下面，"
            "`w.detach().clone()` 在最下面，位于 `w.detach()` 之下。"
        ),
        "raise TypeError": "`w` 不是张量时。",
        "raise ValueError": "`lang` 未知，或 `w` 不是一维或二维、或大得画不下时。",
    },
    "figures.tensors.panel.TensorPanel": {
        "attr tensor": "要画的值：零到三维的张量或数组。",
        "attr code": '方格上方与语言无关的标签，例如 `"x.repeat(2)"`。',
        "attr sources": "每格的整数颜色编号（形状与 `tensor` 相同）：编号相同的格子颜色相同，"
        "`-1` 表示不上色。为 `None` 时每个元素各用一种颜色（按展平后的下标）。",
        "attr captions": "形状下面另加的几行，每行是与语言无关的字符串或映射 "
        '`{"zh": ..., "en": ...}`。',
        "attr dropped": "要打叉的格子的布尔掩码（形状与 `tensor` 相同）。",
        "attr shared": "画虚线格边：这个张量与它的来源共享内存（例如 `expand` 的结果，"
        "或 `detach()` 的结果这样的视图）。",
        "attr outline": "要用红框标出的格子的下标，例如 `[(0, 0), (0, 1)]`。",
        "attr second": "要用蓝框标出的格子的下标：红框之外的第二个例子（框画在格子边线以内，"
        "所以一个格子可以同时有红蓝两种框）。",
        "attr groups": '`"rows"` 或 `"columns"`：给每一行或每一列画一个框。',
        "attr row_notes": "每行一条简短的、与语言无关的字符串，写在该行右边。",
        "attr col_notes": "每列一条简短的、与语言无关的字符串，写在该列下面。",
        "attr col_label": '写在各列注释左边的简短标签，与语言无关，例如 `"Σ"`。',
        "attr show_shape": "在方格下面写出形状（说明文字的第一行）。",
        "attr spec": '每个浮点格的格式，例如 `".2f"`；为 `None` 时只按这个张量选定'
        "（`format_values`）。一幅图给它的所有面板传同一个 `value_spec`，让它们的数字写法一致。",
    },
    "figures.tensors.products.diagram_matmul": {
        "a": "左操作数，一到三维。",
        "b": "右操作数，一到三维，数据类型与 `a` 相同。",
        "names": "`a` 和 `b` 在图中和替代文字里的标签：调用它的代码给它们起的名字，"
        '例如画 `torch.matmul(A, a)` 时写 `("A", "a")`。',
        "lang": _LANG,
        "layout": '`"wide"`：两个操作数并排；' + _PHONE + "：两个操作数上下叠放在结果上面。"
        "成批的乘法（有一个三维操作数）按宽版画出时，会要求手机上改用窄版，"
        "否则宽版缩小后文字会小于 11 px。",
        "return": _AB_FIGURE,
        "raise TypeError": "`a` 或 `b` 不是张量，或 `names` 不是由字符串组成的元组时。",
        "raise ValueError": _BAD_LAYOUT
        + "；`lang` 未知、`names` 不是两个非空的名字、相乘求和的维度长度不同、批量维不能广播"
        + _TOO_LARGE,
    },
    "figures.tensors.products.diagram_batch_shapes": {
        "a": "左操作数；除最后两维以外都是它的批量维。",
        "b": "右操作数，同上；两个操作数至少有一个有批量维。",
        "names": "`a` 和 `b` 在图中和替代文字里的标签：调用它的代码给它们起的名字，"
        '例如画 `P @ Q` 时写 `("P", "Q")`。',
        "lang": _LANG,
        "return": "图：两个批量形状上下排列，结果的批量形状在最下面，每个都附上完整的形状。",
        "raise TypeError": "`a` 或 `b` 不是张量，或 `names` 不是由字符串组成的元组时。",
        "raise ValueError": "`lang` 未知、`names` 不是两个非空的名字、两个操作数都没有批量维，"
        "或者 `torch.matmul(a, b)` 报错时。",
    },
    "figures.tensors.products.diagram_bmm": {
        "a": "形状 `(batch, n, k)`。",
        "b": "形状 `(batch, k, m)`，批量大小和数据类型与 `a` 相同。",
        "names": "`a` 和 `b` 在图中和替代文字里的标签：给出它们的代码，"
        '例如 `("weights.unsqueeze(1)", "values.unsqueeze(-1)")`。',
        "lang": _LANG,
        "layout": '`"wide"`：两个操作数并排，网站在手机上改显示窄版；'
        + _PHONE
        + "：两个操作数上下叠放在结果上面，代码折成几行。",
        "return": _AB_FIGURE,
        "raise TypeError": "`a` 或 `b` 不是张量，或 `names` 不是由字符串组成的元组时。",
        "raise ValueError": _BAD_LAYOUT
        + "；`lang` 未知、`names` 不是两个非空的名字、某个操作数不是三维，或者尺寸对不上时。",
    },
    "figures.tensors.sequences.diagram_arange": {
        "start": "第一个值。",
        "end": "不包含在内的终点。",
        "step": "相邻两个值的距离，不能为 0。",
        "lang": _LANG,
        "layout": '`"wide"`：范围和终点并排；' + _PHONE + "：上下叠放。",
        "return": "图：这个范围，以及打了叉的终点。",
        "raise TypeError": "某个参数不是实数时。",
        "raise ValueError": "`lang` 未知、`step` 为 0、范围是空的或多于 16 个元素时。",
    },
    "figures.tensors.sequences.diagram_sort": {
        "x": "一维张量。",
        "descending": "从大到小排序。",
        "lang": _LANG,
        "return": "图：上面是 `x`，下面是 `values` 和 `indices`。",
        "raise TypeError": "`x` 不是张量或 `descending` 不是布尔值时。",
        "raise ValueError": "`lang` 未知或 `x` 不是一维时。",
    },
    "figures.tensors.shapes.diagram_reshape": {
        "x": "输入，零到三维。",
        "*shape": "新的形状，写成几个整数或一个元组，最多一个 `-1`。",
        "lang": _LANG,
        "return": _ONE_INPUT,
        "raise TypeError": "`x` 不是张量或某个尺寸不是整数时。",
        "raise ValueError": "`lang` 未知、新形状容纳的元素个数不是 `x.numel()`" + _TOO_LARGE,
    },
    "figures.tensors.shapes.diagram_transpose": {
        "x": "要转置的矩阵（二维）。",
        "lang": _LANG,
        "return": "图：上面是 `x`，下面是 `x.t()`。",
        "raise TypeError": "`x` 不是张量时。",
        "raise ValueError": "`lang` 未知或 `x` 不是二维" + _TOO_LARGE,
    },
    "figures.tensors.shapes.diagram_unsqueeze": {
        "x": "输入，零到二维。",
        "dim": "新轴插入的位置，在 `[-x.dim() - 1, x.dim()]` 内。",
        "lang": _LANG,
        "return": _ONE_INPUT,
        "raise TypeError": "`x` 不是张量或 `dim` 不是整数时。",
        "raise ValueError": "`lang` 未知、`dim` 超出范围" + _TOO_LARGE,
    },
    "figures.tensors.shapes.diagram_squeeze": {
        "x": "输入，一到三维。",
        "dim": "要去掉的轴（长度不是 1 时保持不变），为 `None` 时去掉所有长度为 1 的轴。",
        "lang": _LANG,
        "return": _ONE_INPUT,
        "raise TypeError": "`x` 不是张量或 `dim` 不是整数时。",
        "raise ValueError": "`lang` 未知或 `dim` 超出范围时。",
    },
    "figures.tensors.tiling.diagram_repeat_interleave": {
        "x": "输入，零到三维。",
        "repeats": "一个 `>= 0` 的整数，或一维整数张量：沿 `dim` 每个元素一个次数"
        "（`dim` 为 `None` 时对应展平后的每个元素）。",
        "dim": "沿哪个轴重复；为 `None` 时先展平。",
        "lang": _LANG,
        "return": _ONE_INPUT,
        "raise TypeError": "`x` 不是张量，或 `repeats` 既不是整数也不是张量时。",
        "raise ValueError": "`lang` 未知、`dim` 超出范围、`repeats` 的长度不对" + _TOO_LARGE,
    },
    "figures.tensors.tiling.diagram_repeat": {
        "x": "输入，零到三维。",
        "*sizes": "沿每个轴复制几份，写成几个整数或一个元组；至少 `x.dim()` 个"
        "（多出来的在前面添加新轴）。",
        "lang": _LANG,
        "return": _ONE_INPUT,
        "raise TypeError": "`x` 不是张量或某个尺寸不是整数时。",
        "raise ValueError": "`lang` 未知、PyTorch 拒绝这些尺寸（少于 `x.dim()` 个，或有负数）"
        + _TOO_LARGE,
    },
    "figures.tensors.tiling.diagram_expand": {
        "x": "输入，零到三维。",
        "*sizes": "新的形状，写成几个整数或一个元组；`-1` 表示保持原长；"
        "只有长度为 1 的轴（或前面新加的轴）能变长。",
        "lang": _LANG,
        "return": "输入在上、扩展后的视图在下的图。",
        "raise TypeError": "`x` 不是张量或某个尺寸不是整数时。",
        "raise ValueError": "`lang` 未知、这些尺寸不能扩展 `x`" + _TOO_LARGE,
    },
    "figures.tensors.tiling.diagram_broadcast": {
        "a": "左操作数，零到二维。",
        "b": "右操作数，零到二维。",
        "op": '`"+"`、`"-"`、`"*"`、`"/"` 之一。',
        "lang": _LANG,
        "return": "图：两个操作数、它们扩展后的视图，以及结果。",
        "raise TypeError": "`a` 或 `b` 不是张量时。",
        "raise ValueError": "`lang` 或 `op` 未知，或者两个形状不能广播时。",
    },
    # local linear regression
    "local_linear_regression.local_linear": {
        "queries": "查询的输入 `x`，形状 `(n_test,)`。",
        "keys": "训练输入 `x_i`，形状 `(n_train,)`，至少两个不同的值。",
        "values": "训练输出 `y_i`，形状 `(n_train,)`。",
        "bandwidth": "带宽 `h`，一个正数。",
        "return": "`(y_hat, equivalent_weights)`，形状分别是 `(n_test,)` 和 `(n_test, n_train)`。",
        "raise TypeError": _WRONG_TYPE,
        "raise ValueError": "形状、数据类型或取值不合要求时；或者某个查询的全部权重落在一个键上时"
        "（对离键这么远的查询，带宽太小）：过一个点的直线是不确定的。",
    },
    # model
    "model.NWKernelRegression": {
        "attr w": "可学习的标量，形状 `(1,)`；`1 / |w|` 起带宽的作用。",
        "attr attention_weights": "最近一次前向计算的注意力权重，已从自动求导的计算图上分离"
        "（可以直接 `.numpy()`），形状 `(n_queries, n_keys)`；第一次调用之前是 `None`。",
    },
    "model.NWKernelRegression.__init__": {
        "w": "`w` 的初值：一个数，或只有一个元素的浮点张量（例如另一个模型的 `w`）；"
        "为 `None` 时像 `torch.rand(1)` 那样从 `U[0, 1)` 中抽取。",
        "generator": "`w` 为 `None` 时使用的随机数生成器；为 `None` 表示 PyTorch 的全局生成器。",
        "raise TypeError": "`w` 既不是数、张量，也不是 `None`，或 `generator` 既不是 "
        "`torch.Generator` 也不是 `None` 时。",
        "raise ValueError": "`w` 是 NaN、无穷大、含多个元素、是整数张量，或超出 float32 的范围"
        "（`|w| > 3.4e38`）时。",
    },
    "model.NWKernelRegression.forward": {
        "queries": "形状 `(n_queries,)`，浮点类型。",
        "keys": "形状 `(n_queries, n_keys)`：第 `i` 行是查询 `i` 的键；数据类型与 `queries` 相同。",
        "values": "形状 `(n_queries, n_keys)`，与 `keys` 一一配对的值；数据类型与 `queries` 相同。",
        "return": "预测 `y_hat`，形状 `(n_queries,)`；float16 和 bfloat16 的输入用 float32 计算，"
        "也以 float32 返回。",
        "raise TypeError": "`queries`、`keys` 或 `values` 不是张量时。",
        "raise ValueError": "形状不是上面说的那样，或 `n_queries` 或 `n_keys` 为 0；"
        "某个张量是整数类型，或含有 NaN 或无穷大；或者三者的数据类型不同时。",
    },
    # pooling
    "pooling.average_pooling": {
        "queries": "测试输入，形状 `(n_test,)`，浮点类型；只用到它们的个数。",
        "values": _Y_TRAIN,
        "return": "`(y_hat, attention_weights)`，形状分别是 `(n_test,)` 和 `(n_test, n_train)`。",
        "raise TypeError": "`queries` 或 `values` 不是张量时。",
        "raise ValueError": "`queries` 或 `values` 不是一维、是空的、是整数类型"
        "（如 `torch.arange(2)`），或含有 NaN 或无穷大时。",
    },
    "pooling.gaussian_kernel": {
        "u": "差值 `query - key`，任意形状，浮点类型。允许无穷大的差值：那里的核值是 0。",
        "bandwidth": "核的宽度（带宽）`h`：一个正数，或只有一个元素的浮点张量。",
        "return": "与 `u` 形状相同的张量。",
        "raise TypeError": "`u` 不是张量，或 `bandwidth` 既不是数也不是张量时。",
        "raise ValueError": "`u` 不是浮点类型或含有 NaN；或者 `bandwidth` 不是有限的正数、"
        "或含多个元素时。",
    },
    "pooling.nadaraya_watson": {
        "queries": "测试输入 `x`（查询），形状 `(n_test,)`，浮点类型。",
        "keys": "训练输入 `x_i`（键），形状 `(n_train,)`，数据类型与 `queries` 相同。",
        "values": "训练输出 `y_i`（值），形状 `(n_train,)`，数据类型与 `queries` 相同。",
        "bandwidth": "带宽 `h`：一个正数，或只有一个元素的浮点张量。",
        "return": "`(y_hat, attention_weights)`，形状分别是 `(n_test,)` 和 `(n_test, n_train)`；"
        "权重的每一行加起来等于 1。某个查询的所有分数都溢出时（`h` 极小或查询离得很远），"
        "它的权重取核极窄时的极限：全部落在最近的键上。半精度的输入用 float32 计算，"
        "也以 float32 返回。",
        "raise TypeError": _QKV_TYPE,
        "raise ValueError": _QKV_VALUE,
    },
    "pooling.nadaraya_watson_broadcast": {
        "queries": "测试输入（查询），形状 `(n_test,)`，浮点类型。",
        "keys": "训练输入（键），形状 `(n_train,)`，数据类型与 `queries` 相同。",
        "values": "训练输出（值），形状 `(n_train,)`，数据类型与 `queries` 相同。",
        "bandwidth": "带宽 `h`：一个正数，或只有一个元素的浮点张量。",
        "return": "`(y_hat, attention_weights)`，形状分别是 `(n_test,)` 和 `(n_test, n_train)`；"
        "权重的每一行加起来等于 1；半精度的输入用 float32 计算，也以 float32 返回。",
        "raise TypeError": _QKV_TYPE,
        "raise ValueError": _QKV_VALUE,
    },
    "pooling.leave_one_out": {
        "x_train": "训练输入，形状 `(n_train,)`，`n_train >= 2`，浮点类型。",
        "y_train": "训练输出，形状 `(n_train,)`，数据类型与 `x_train` 相同。",
        "return": "`(keys, values)`，形状都是 `(n_train, n_train - 1)`。",
        "raise TypeError": "`x_train` 或 `y_train` 不是张量时。",
        "raise ValueError": _XY_VALUE,
    },
    # scaling
    "scaling.nadaraya_watson_chunked": {
        "queries": _X_TEST,
        "keys": _X_TRAIN,
        "values": _Y_TRAIN,
        "bandwidth": "带宽 `h`，一个正数。",
        "chunk_size": "每块的查询数和键数，一个 `>= 1` 的整数；默认 1024（`DEFAULT_CHUNK_SIZE`），"
        "所以最多有 1024² 个 float32 分数，4 MiB。",
        "return": "`y_hat`，形状 `(n_test,)`，在浮点舍入误差之内等于 "
        "[`nadaraya_watson`][attention_tutorial.pooling.nadaraya_watson] 的结果；"
        "半精度的输入用 float32 计算，也以 float32 返回。",
        "raise TypeError": "`queries`、`keys` 或 `values` 不是张量、`bandwidth` 既不是数也不是"
        "张量，或 `chunk_size` 不是整数时。",
        "raise ValueError": "某个张量不是一维、是空的、是整数类型，或含有 NaN 或无穷大；"
        "`queries`、`keys`、`values` 的数据类型不同（如 float64 与 float32 混用）；"
        "`keys` 和 `values` 长度不同；`bandwidth` 不是有限的正数、是整数张量或含多个元素；"
        "或者 `chunk_size < 1` 时。",
    },
    "scaling.nadaraya_watson_sdpa": {
        "queries": _X_TEST,
        "keys": _X_TRAIN,
        "values": _Y_TRAIN,
        "bandwidth": "带宽 `h`，一个正数。",
        "return": "`y_hat`，形状 `(n_test,)`。",
        "raise TypeError": _QKV_TYPE,
        "raise ValueError": "某个张量不是一维、是空的、是整数类型，或含有 NaN 或无穷大；"
        "`queries`、`keys`、`values` 的数据类型不同（如 float64 与 float32 混用）；"
        "`keys` 和 `values` 长度不同；`bandwidth` 不是有限的正数、是整数张量或含多个元素；"
        "或者带宽太小（或输入太大），使 $q'k'$ 溢出时。",
    },
    "scaling.formulation": {
        "name": _FORMULATION,
        "return": "一个函数 `(queries, keys, values, bandwidth=1.0) -> y_hat`。",
        "raise TypeError": "`name` 不是字符串时。",
        "raise ValueError": "`name` 不是这四种之一时。",
    },
    "scaling.peak_intermediates": {
        "name": _FORMULATION,
        "n_test": "查询的个数，一个 `>= 1` 的整数。",
        "n_train": "键的个数，一个 `>= 1` 的整数。",
        "chunk_size": "分块写法的块大小，一个 `>= 1` 的整数；默认 1024（`DEFAULT_CHUNK_SIZE`）。",
        "return": "从张量名字到形状的字典。",
        "raise TypeError": "`name` 不是字符串或某个尺寸不是整数时。",
        "raise ValueError": "`name` 未知或某个尺寸小于 1 时。",
    },
    "scaling.peak_intermediate_bytes": {
        "name": _FORMULATION,
        "n_test": "查询的个数，一个 `>= 1` 的整数。",
        "n_train": "键的个数，一个 `>= 1` 的整数。",
        "chunk_size": "分块写法的块大小，一个 `>= 1` 的整数；默认 1024（`DEFAULT_CHUNK_SIZE`）。",
        "dtype": "元素的类型，默认是 `torch.float32`（4 个字节）。",
        "return": "字节数，一个 Python 整数（任何规模都精确）。",
        "raise TypeError": _WRONG_TYPE,
        "raise ValueError": "`name` 未知、某个尺寸小于 1，或 `dtype` 不是浮点类型时。",
    },
    "scaling.median_measurements": {
        "results": '格式 2 的基准测试结果：一个字典，它的 `"measurements"` 是一组组测量'
        "（`formulation`、`n`、`chunk_size`、`predicted_bytes`），每组有一个非空的 `runs` 列表"
        "（`seconds`、`peak_bytes`、`load_average`）。",
        "return": "按文件中的顺序列出各组测量，每组带着它的 `runs` 和中位数 `seconds`、`peak_bytes`"
        "（取中间那次运行，或中间两次的平均），可以直接交给 "
        "[`plot_scaling`][attention_tutorial.figures.cost.plot_scaling]。",
        "raise ValueError": '`results` 不是格式 2（一个带 `"format": 2` 和 `"measurements"` 列表的'
        "字典）、某组测量没有运行记录，或某次运行缺少 `seconds` 或 `peak_bytes` 时。",
    },
    "scaling.scale_measurements": {
        "return": '`{"machine": ..., "rows": ..., "skipped": ...}`：测量所用的机器和负载、'
        "`median_measurements` 的各行，以及因内存不够而跳过的测量。",
    },
    # scores
    "scores.inverse_bandwidth": {
        "bandwidth": "宽度 `h`：一个正数，或只有一个元素的浮点张量。",
        "dtype": "计算分数所用的浮点数据类型。",
        "return": "`1 / h`，一个 Python 浮点数。",
        "raise TypeError": "`bandwidth` 既不是数也不是张量时。",
        "raise ValueError": "`bandwidth` 不是有限的正数时。",
    },
    "scores.score": {
        "differences": "`queries - keys`，任意形状。",
        "w": "带宽的倒数 `1 / h`：一个数，或能广播到 `differences` 的张量。",
        "in_place": "把分数直接写进 `differences`（调用者的临时张量）；只在它和 `w` 都不需要梯度、"
        "且 `w` 是一个数时才这样做。",
        "return": "分数，形状与 `differences`（与 `w` 广播后）相同。",
    },
    "scores.proximity": {
        "queries": "能与 `keys` 广播的查询，例如 `(n_q, 1)` 或 `(n_q, n_k)`。",
        "keys": "键，例如 `(n_k,)` 或 `(n_q, n_k)`。",
        "return": "`queries` 与 `keys` 广播后的形状，float64。",
    },
    "scores.proximity_nd": {
        "queries": "形状 `(..., n_q, d)`。",
        "keys": "形状 `(..., n_k, d)`。",
        "return": "形状 `(..., n_q, n_k)`，float64。",
    },
    "scores.nearest_key_weights": {
        "nearness": "每个键离每个查询的 `proximity`，形状 `(..., n_k)`；`-inf` 标出不能关注的键。",
        "return": "形状与 `nearness` 相同的 float64 权重；每一行加起来等于 1。",
    },
    "scores.softmax_over_keys": {
        "scores": "高斯核分数，形状 `(..., n_q, n_k)`；被掩码的键处是 `-inf`。",
        "nearness": "返回每个键离每个查询的 `proximity` 的函数，结果能广播到 `scores`"
        "（被掩码的键为 `-inf`）；只在某一行溢出时才调用。",
        "return": "注意力权重，形状和数据类型与 `scores` 相同；每一行加起来等于 1。",
    },
    "scores.online_pool": {
        "queries": "形状 `(n_test,)`。",
        "keys": "形状 `(n_train,)`。",
        "values": "形状 `(n_train,)`。",
        "w": "带宽的倒数，一个 Python 浮点数。",
        "chunk_size": "每块的查询数和键数。",
        "return": "`y_hat`，形状 `(n_test,)`。",
    },
    "scores.gaussian_scores": {
        "queries": "形状 `(n_queries,)`，浮点类型。",
        "keys": "形状 `(n_keys,)`，数据类型与 `queries` 相同。",
        "w": "带宽的倒数，一个数或只有一个元素的张量：任意有限数；符号不影响结果，"
        "`w = 0` 时每个键的权重相同（即平均汇聚）。",
        "return": "分数，形状 `(n_queries, n_keys)`；沿 `dim=1` 做 softmax 就得到 Nadaraya-Watson "
        "的注意力权重。半精度的输入用 float32 计算，也以 float32 返回。",
        "raise TypeError": "`queries` 或 `keys` 不是张量，或 `w` 既不是数也不是张量时。",
        "raise ValueError": "`queries` 或 `keys` 不是一维、是空的、是整数类型，或含有 NaN 或无"
        "穷大；两者的数据类型不同；或者 `w` 不是有限数、或含多个元素时。",
    },
    "scores.dot_product_terms": {
        "queries": "任意形状（例如 `(n_queries,)`），浮点类型。",
        "keys": "任意形状（例如 `(n_keys,)`），数据类型与 `queries` 相同。",
        "w": "带宽的倒数，一个 Python 浮点数。",
        "name": '错误信息里怎样称呼调用者给 `w` 的参数（`"w"`，或者 `w = 1 / bandwidth` 时的 '
        '`"bandwidth"`）。',
        "return": "`(q_w, k_w, bias)`，各自与对应的输入形状相同。",
        "raise ValueError": "乘积超出该数据类型的范围时。",
    },
    "scores.dot_product_scores": {
        "queries": "形状 `(n_queries,)`，浮点类型。",
        "keys": "形状 `(n_keys,)`，数据类型与 `queries` 相同。",
        "w": "带宽的倒数，一个数或只有一个元素的张量：任意有限数（同 `gaussian_scores`）。",
        "return": "分数，形状 `(n_queries, n_keys)`；半精度的输入用 float32 计算，也以"
        " float32 返回。",
        "raise TypeError": "`queries` 或 `keys` 不是张量，或 `w` 既不是数也不是张量时。",
        "raise ValueError": "`queries` 或 `keys` 不是一维、是空的、是整数类型，或含有 NaN 或无"
        "穷大；"
        "两者的数据类型不同；`w` 不是有限数、或含多个元素；或者查询、键和 `w` 大到乘积溢出时。",
    },
    "scores.dot_product_pooling": {
        "queries": "形状 `(n_queries,)`，浮点类型。",
        "keys": "形状 `(n_keys,)`，数据类型与 `queries` 相同。",
        "values": "形状 `(n_keys,)`，与 `keys` 一一配对，数据类型与 `queries` 相同。",
        "w": "带宽的倒数，一个数或只有一个元素的张量：任意有限数（同 `gaussian_scores`）。",
        "return": "`(y_hat, attention_weights)`，形状分别是 `(n_queries,)` 和"
        " `(n_queries, n_keys)`。",
        "raise TypeError": "`queries`、`keys` 或 `values` 不是张量，或 `w` 既不是数也不是张量时。",
        "raise ValueError": "某个张量不是一维、是空的、是整数类型，或含有 NaN 或无穷大；"
        "三者的数据类型不同；`keys` 和 `values` 长度不同；`w` 不是有限数、或含多个元素；"
        "或者乘积溢出时。",
        "warn RuntimeWarning": "分数的两项大到它的数据类型在那里的间隔达到 0.5 或更大时"
        "（权重可能错得很远）。",
    },
    # stepper
    "stepper.sgd_stepper": {
        "data": "玩具数据集；为 `None` 时用 `make_data()`。",
        "w0": "路径的初始 `w`（带宽的倒数 `1 / h`），每次按“重来”后也从它开始："
        "一个数（不能是布尔值），或像 `model.w` 那样只有一个元素的浮点张量。"
        "本章用的约为 0.4963：执行 `torch.manual_seed(SEED)` 后未训练模型的 `w`，"
        "与《[带参数的注意力汇聚](../parametric.py)》一页相同（示例直接从模型取出它）。"
        "它必须在 0.1 到 `10**3.5` 之间，即图的两端。",
        "lr": "控件一开始的学习率（读者在课程页上可以改），`LEARNING_RATES` 的 13 个值之一"
        "（0.001、0.002、0.005……5、10，按 1、2、5 的序列），"
        "用 `from attention_tutorial.stepper import LEARNING_RATES` 导入。",
        "log_w": "一开始就训练 `log w`，而不是 `w`：这时每一步按倍数改变 `w`，`w` 始终为正。",
        "steps": "静态图画出的步数，也是动态图用点线圆圈和一条竖线标出的那一步，"
        "1 到 50（默认是本章的 5）；"
        "不论 `steps` 是多少，“走一步”按钮都能一直走到 `MAX_STEPS`（50）步。",
        "return": "一个 `SgdStepper`，笔记本的单元格会显示它：在本网站的课程页上带控件，"
        "在别处（Jupyter 里也是）显示它的路径的静态图。",
        "raise TypeError": "`data` 不是 `ToyData`；`w0` 既不是数也不是张量，或者是布尔值"
        "（`True` 不能当作 `w`）；`lr` 不是数或是布尔值；`log_w` 不是布尔值；"
        "或 `steps` 不是整数时。",
        "raise ValueError": "`w0` 是张量，但不止一个元素，或是整数、布尔类型；`w0` 或 `steps` "
        "超出范围；`lr` 不是 `LEARNING_RATES` 之一；"
        "或者从 `w0` 出发以 `lr` 走 "
        "`steps` 步之内，`w` 不再是有限的正数（溢出或变成 0、负数）时："
        "静态图的横轴是对数坐标，每个 `w` 都必须是正数。"
        "`w` 溢出（训练 `log w` 时，例如在 `make_data()` 上取 `w0=1, lr=5, log_w=True`）时，"
        "请减小 `lr`。`w` 变成 0 或负数（只在训练 `w` 时发生，例如 `w0=5, lr=10`）时，"
        "请减小 `lr` 或用 `log_w=True`，它让 `w` 始终为正。",
    },
    "stepper.SgdStepper": {
        "attr data": "写进页面的玩具数据。",
        "attr w0": "路径的初始 `w`（每次按“重来”后也从它开始）。",
        "attr lr": "控件一开始的学习率。",
        "attr log_w": "控件是否一开始就训练 `log w`。",
        "attr steps": "动态图用点线圆圈和一条竖线标出的那一步，也是静态图画出的步数。",
    },
    "stepper.SgdStepper.html": {
        "lang": '文字的语言：`"zh"`、`"en"` 或 `None`（当前语言），与画图的函数相同。',
        "return": "HTML，一个字符串；存成自己的文件，打开看到的是静态图。",
    },
    # toy2d
    "toy2d.ToyData2D": {
        "attr x_train": "训练输入，形状 `(n_train, d)`；`make_data_2d` 给出的 `d = 2`。",
        "attr y_train": "带噪声的训练输出，形状 `(n_train,)`。",
        "attr x_test": "网格上的测试输入，形状 `(n_test, d)`。",
        "attr y_truth": "测试输入处的 `f(x_1)`，形状 `(n_test,)`。",
        "raise TypeError": "某个字段不是张量时。",
        "raise ValueError": "形状、数据类型或取值不合要求时：`x_train` 和 `x_test` 必须是非空的 "
        "`(n, d)`，`d` 相同；输出是长度对应的 `(n,)`；全部是同一种数据类型的有限浮点数。",
    },
    "toy2d.make_data_2d": {
        "n_train": "训练点的个数，一个 `>= 2` 的整数。",
        "grid": "测试输入是 `[0, 5)^2` 上 `grid x grid` 的格点，一个 `>= 1` 的整数。",
        "seed": "生成器的种子，一个 `>= 0` 的整数；默认是 `SEED`（0）。",
        "return": "一个 `ToyData2D`。",
        "raise TypeError": "某个参数不是整数时。",
        "raise ValueError": "`n_train < 2`、`grid < 1` 或 `seed < 0` 时。",
    },
    "toy2d.train_leave_one_out": {
        "model": "一个模块，以 `model(queries, keys, values, mask)` 调用，返回 "
        "`(y_hat, attention_weights)`，`y_hat` 的形状是 `(n, 1)`。",
        "x_train": "训练输入，形状 `(n_train, d)`，`n_train >= 2`。",
        "y_train": "训练输出，形状 `(n_train,)`。",
        "steps": "优化器走的步数，一个 `>= 1` 的整数。",
        "lr": _LR,
        "optimizer": '`"adam"`（`torch.optim.Adam`）或 `"sgd"`（`torch.optim.SGD`，不带动量）。',
        "return": "每一步之前的留一法均方误差。",
        "raise TypeError": "某个参数的类型不对（如 `optimizer` 不是字符串）时。",
        "raise ValueError": '形状、数据类型或取值不合要求时（`optimizer` 不是 `"adam"` 或 '
        '`"sgd"`，或模型的 `y_hat` 形状不是 `(n_train, 1)`）；或者训练发散时'
        "（损失或参数不再是有限数：`lr` 太大）。",
    },
    "toy2d.mse_on_test": {
        "model": "与 `train_leave_one_out` 中相同的模块。",
        "data": "数据集。",
        "return": "误差，一个 Python 浮点数。",
        "raise TypeError": _WRONG_TYPE,
        "raise ValueError": "模型的预测形状不是 `(n_test, 1)` 时。",
    },
    "toy2d.train_seeds": {
        "data": "数据集；`d` 是它的特征数。",
        "seeds": "种子，每个种子一个模型：非负整数，至少一个。",
        "record": "记录测试误差和损失的步数，都是 `>= 1` 的整数，至少一个；"
        "训练一直走到其中最大的那个。",
        "lr": "Adam 的学习率，一个正数。",
        "return": "两个字典，键是记录的步数，从小到大：走了这么多步之后每个模型的 `mse_on_test`，"
        "以及每个模型在这一步的留一法损失，形状都是 `(len(seeds),)`。"
        "损失对应的是少更新一次的模型：`loss[step]` 就是 `train_leave_one_out` 的 "
        "`losses[step - 1]`。",
        "raise TypeError": _WRONG_TYPE,
        "raise ValueError": "`seeds` 或 `record` 为空或含有不合要求的值时；或者训练发散时"
        "（损失不再是有限数：`lr` 太大）。",
    },
    # training
    "training.train": {
        "model": "要训练的模型，原地更新。",
        "x_train": "训练输入，形状 `(n_train,)`，`n_train >= 2`，浮点类型。",
        "y_train": "训练输出，形状 `(n_train,)`，数据类型与 `x_train` 相同。",
        "epochs": "SGD 的步数，`>= 1`。",
        "lr": _LR,
        "return": "每一轮的训练损失之和，在这一轮的更新之前测得。",
        "raise TypeError": "`model` 不是 `NWKernelRegression`、`x_train` 或 `y_train` 不是张量、"
        "`epochs` 不是整数，或 `lr` 不是数时。",
        "raise ValueError": "`x_train` 或 `y_train` 不是一维、是整数类型，或含有 NaN 或无穷大；"
        "两者长度或数据类型不同；`n_train < 2`、`epochs < 1` 或 `lr` 不是正数；"
        "`lr` 超出 float32（`lr > 3.4e38`）；"
        "或者损失或梯度不再是有限数（`w` 超出 float32 的范围，例如 `lr=3e38`）时。"
        "`lr` 大而不到这个程度时不会报错：`w` 一下跳得很远，"
        "损失停在“照抄最近的另一个点的标签”的平台上（`lr=1e6` 时是 35.68）。",
    },
    "training.loss_at_w": {
        "w": _W_SCALAR,
        "x_train": "训练输入，形状 `(n_train,)`，浮点类型；`leave_one_out=True` 时 "
        "`n_train >= 2`（每个点都要用到别的点的键）。",
        "y_train": "训练输出，形状 `(n_train,)`，数据类型与 `x_train` 相同。",
        "leave_one_out": "去掉每个点自己的键和值（默认）。",
        "return": "损失，一个 Python 浮点数。",
        "raise TypeError": "`w` 既不是数也不是张量、`x_train` 或 `y_train` 不是张量，"
        "或 `leave_one_out` 不是布尔值时。",
        "raise ValueError": "`w` 不是有限数、超出 float32（`|w| > 3.4e38`）、"
        "是整数张量或含多个元素；"
        "`x_train` 或 `y_train` 不是一维、是空的、是整数类型，"
        "或含有 NaN 或无穷大；两者长度或数据类型不同；或者 `leave_one_out=True` 而 "
        "`n_train < 2` 时。",
    },
    "training.predict": {
        "w": "带宽的倒数：一个数，或只有一个元素的张量，例如训练之后的 `model.w`。",
        "queries": "测试输入（查询），形状 `(n_test,)`，浮点类型。",
        "keys": "训练输入（键），形状 `(n_train,)`，数据类型与 `queries` 相同。",
        "values": "训练输出（值），形状 `(n_train,)`，数据类型与 `queries` 相同。",
        "return": "预测 `y_hat`，形状 `(n_test,)`。",
        "raise TypeError": "`w` 既不是数也不是张量，或 `queries`、`keys`、`values` 不是张量时。",
        "raise ValueError": "`w` 不是有限数、超出 float32（`|w| > 3.4e38`）、"
        "是整数张量或含多个元素；"
        "某个张量不是一维、是空的、是整数类型，"
        "或含有 NaN 或无穷大；三者的数据类型不同；或者 `keys` 和 `values` 长度不同时。",
    },
    "training_paths.w_path": {
        "x_train": "训练输入，形状 `(n_train,)`，`n_train >= 2`；当作常量使用（先 detach），"
        "半精度用 float32 计算。",
        "y_train": "训练输出，形状 `(n_train,)`，数据类型与 `x_train` 相同。",
        "w0": "初始的 `w`：一个数，或只有一个元素的浮点张量，在 float32 的范围之内；"
        "`log_w` 为真时必须是正数。",
        "lr": _LR,
        "epochs": "SGD 的步数，`>= 1`。",
        "log_w": "训练 `log w`，而不是 `w`。",
        "return": "`epochs + 1` 个浮点数：初始的 `w`，然后是每一步之后的 `w`。",
        "raise TypeError": "`x_train` 或 `y_train` 不是张量、`w0` 既不是数也不是张量、"
        "`lr` 不是数、`epochs` 不是整数，或 `log_w` 不是布尔值时。",
        "raise ValueError": "`x_train` 或 `y_train` 不是一维、是整数类型，或含有 NaN 或无穷大；"
        "两者长度或数据类型不同；`n_train < 2`、`lr` 不是正数或 `epochs < 1`；"
        "`w0` 是张量，但不止一个元素或是整数类型，或在 `log_w` 为真时不是正数；"
        "或者 `w` 超出了 float32 的范围时。",
    },
    # transformer
    "transformer.gaussian_kernel_nd": {
        "queries": "形状 `(n_queries, d)`。",
        "keys": "形状 `(n_keys, d)`。",
        "bandwidth": "宽度 `h`，一个正数。",
        "return": "核的值，形状 `(n_queries, n_keys)`。",
        "raise TypeError": "`queries` 或 `keys` 不是张量，或 `bandwidth` 既不是数也不是张量时。",
        "raise ValueError": "`queries` 或 `keys` 不是二维（不接受批量维）、是空的、是整数类型，"
        "或含有 NaN 或无穷大；两者的 `d` 或数据类型不同（如 float64 与 float32 混用）；"
        "或者 `bandwidth` 不是有限的正数、是整数张量或含多个元素时。",
    },
    "transformer.dot_product_attention": {
        "queries": "形状 `(..., n_queries, d)`；`...` 是批量维。",
        "keys": "形状 `(..., n_keys, d)`。",
        "values": "形状 `(..., n_keys, d_v)`。",
        "mask": "可选的布尔张量，能广播到 `(..., n_queries, n_keys)`；查询可以关注某个键的地方为 "
        "`True`，每个查询至少要有一个键。",
        "key_bias": "可选的浮点张量，能广播到分数的形状 `(..., n_queries, n_keys)`，加到分数上；"
        "高斯核的 $-\\lVert k\\rVert^2/2$ 只有一行，形状 `(..., 1, n_keys)`。",
        "scale": "点积的系数 $s$，一个正数。",
        "return": "`(output, attention_weights)`，形状分别是 `(..., n_queries, d_v)` 和 "
        "`(..., n_queries, n_keys)`。",
        "raise TypeError": "`queries`、`keys`、`values`、`mask` 或 `key_bias` 不是张量，"
        "或 `scale` 不是数时。",
        "raise ValueError": "`queries`、`keys` 或 `values` 不到二维、是空的、是整数类型，"
        "或含有 NaN 或无穷大；三者的数据类型不同、批量维不能一起广播、`queries` 和 `keys` "
        "的 `d` 不同，或 `keys` 和 `values` 的 `n_keys` 不同；`mask` 不是布尔类型、"
        "不能广播到 `(..., n_queries, n_keys)`，或让某个查询一个键也没有；`key_bias` "
        "不是浮点类型、数据类型与 `queries` 不同、含有 NaN、不能广播到分数的形状，"
        "或让某个查询没有一个有限的分数（全是 `-inf`，或有 `+inf`）；`scale` "
        "不是有限的正数；或者点积超出了数据类型的范围时。",
    },
    "transformer.masked_leave_one_out": {
        "x_train": _X_TRAIN_2,
        "y_train": _Y_TRAIN,
        "w": "带宽的倒数：一个有限的数，或只有一个元素的张量。",
        "return": "`(y_hat, attention_weights)`，形状分别是 `(n_train,)` 和 `(n_train, n_train)`，"
        "权重的对角线上是 0。某个点的所有分数都溢出时（`w` 极大），它的权重落在离它最近的另一个"
        "点上；"
        "半精度的输入用 float32 计算，也以 float32 返回。",
        "raise TypeError": "`x_train` 或 `y_train` 不是张量，或 `w` 既不是数也不是张量时。",
        "raise ValueError": "`x_train` 或 `y_train` 不是一维、是整数类型，或含有 NaN 或无穷大；"
        "两者长度或数据类型不同；`n_train < 2`；或者 `w` 是 NaN、无穷大、整数张量，"
        "或含多个元素时。",
    },
    "transformer.ScalarKernelAttention": {
        "attr w": "可学习的标量，形状 `(1,)`。",
    },
    "transformer.ScalarKernelAttention.__init__": {
        "raise TypeError": "`w` 既不是数也不是张量时。",
        "raise ValueError": "`w` 是 NaN、无穷大、整数类型的张量、含多个元素的张量，"
        "或超出 float32 的范围（`|w| > 3.4e38`）时。",
    },
    "transformer.ScalarKernelAttention.forward": {
        "queries": "形状 `(..., n_queries, d)`。",
        "keys": "形状 `(..., n_keys, d)`。",
        "values": "形状 `(..., n_keys, d_v)`。",
        "mask": "可选的布尔掩码，与 `dot_product_attention` 中的相同（`True` = 可以关注）。",
        "return": "形状 `(..., n_queries, d_v)` 和 `(..., n_queries, n_keys)`。",
        "raise TypeError": "`queries`、`keys`、`values` 或 `mask` 不是张量时。",
        "raise ValueError": "`queries`、`keys` 或 `values` 不到二维、是空的、是整数类型，"
        "或含有 NaN 或无穷大；三者的数据类型不同、批量维不能一起广播、`queries` 和 `keys` "
        "的 `d` 不同，或 `keys` 和 `values` 的 `n_keys` 不同；或者 `mask` 不是布尔类型、"
        "不能广播到 `(..., n_queries, n_keys)`，或让某个查询一个键也没有时。",
    },
    "transformer.ProjectedAttention": {
        "attr W_q": "查询的投影，`nn.Linear(d_in, d_k, bias=False)`。",
        "attr W_k": "键的投影，`nn.Linear(d_in, d_k, bias=False)`。",
        "attr W_v": "值的投影，`nn.Linear(d_value_in, d_v, bias=False)`。",
    },
    "transformer.ProjectedAttention.__init__": {
        "d_in": "一个查询或键的输入有几个特征，一个 `>= 1` 的整数。",
        "d_k": "查询和键投影之后有几个特征，一个 `>= 1` 的整数。",
        "d_value_in": "一个值的输入有几个特征，一个 `>= 1` 的整数。",
        "d_v": "值投影之后有几个特征，一个 `>= 1` 的整数。",
        "key_bias": "在分数上加 $-\\lVert k\\rVert^2/2$（高斯核的写法）。",
        "raise TypeError": _WRONG_TYPE,
        "raise ValueError": "某个尺寸小于 1 时。",
    },
    "transformer.ProjectedAttention.forward": {
        "queries": "形状 `(..., n_queries, d_in)`。",
        "keys": "形状 `(..., n_keys, d_in)`。",
        "values": "形状 `(..., n_keys, d_value_in)`。",
        "mask": "可选的布尔掩码，与 `dot_product_attention` 中的相同（`True` = 可以关注）。",
        "return": "形状 `(..., n_queries, d_v)` 和 `(..., n_queries, n_keys)`；"
        "半精度的输入用 float32 计算，也以 float32 返回。",
        "raise TypeError": "`queries`、`keys`、`values` 或 `mask` 不是张量时。",
        "raise ValueError": "`queries`、`keys` 或 `values` 不到二维、是空的、是整数类型，"
        "或含有 NaN 或无穷大；`queries` 和 `keys` 的数据类型或 `d` 不同、三者的批量维"
        "不能一起广播，或 `keys` 和 `values` 的 `n_keys` 不同；"
        "`queries` 或 `keys` 的最后一维不是 `d_in`，或 `values` 的不是 `d_value_in`；"
        "某个输入的数据类型（半精度算作 float32）与模型参数的不同；`mask` 不是布尔类型、"
        "不能广播到 `(..., n_queries, n_keys)`，或让某个查询一个键也没有；"
        "或者投影之后的点积，或（`key_bias=True` 时）投影之后某个可被关注的键的 "
        "$\\lVert k\\rVert^2/2$ 超出了数据类型的范围时。",
    },
}

# ---------------------------------------------------------------------------------------
# The other paragraphs of the docstrings the API pages show (a module's notes, a function's
# prose after its summary, prose between examples) and the comments inside the examples,
# in Chinese, keyed by the English text: the paragraph on one line (whitespace made single
# spaces), the comment as written after "# ". An English text that changes has no Chinese
# text until one is written here (``tests/site/test_api_pages.py`` names it, and any text
# kept here for English that is gone). An empty Chinese text drops the paragraph from the
# Chinese page: the Chinese summary above it already says it.
PARAGRAPHS: dict[str, str] = {
    (
        'The figure comes in the two layouts of ``plot_explorer_panels``, ``"wide"`` and '
        '``"stacked"``, each with its alt text; the HTML shows the stacked one on a narrow screen '
        "(a phone) or in a column too narrow for the wide one, the wide one elsewhere."
    ): (
        '静态图有 ``plot_explorer_panels`` 的两种布局 ``"wide"`` 和 ``"stacked"``，'
        "各带自己的替代文字；窄屏（手机）上或放不下宽图的窄栏里，HTML 显示上下排列的那张，"
        "其他地方显示宽图。"
    ),
    (
        'The picture comes in the two layouts of ``plot_w_paths``, ``"wide"`` and ``"stacked"``, '
        "each with its alt text; the HTML shows the stacked one on a narrow screen (a phone), the "
        "wide one elsewhere."
    ): (
        '静态路径图有 ``plot_w_paths`` 的两种布局 ``"wide"`` 和 ``"stacked"``，'
        "各带自己的替代文字；窄屏（手机）上，HTML 显示上下排列的那张，其他地方显示宽图。"
    ),
    # analysis
    "The loss ``loss_at_w`` gives at each grid point (many points pooled at once), so the "
    "curve shows what gradient descent on ``w`` would be sliding down.": (
        "每个网格点上的值就是 ``loss_at_w`` 给出的损失（多个点一次算完）："
        "对 ``w`` 做梯度下降，走的就是这条曲线的下坡。"
    ),
    "The queries are the test inputs, the keys and values the whole training set (no point "
    "is left out: none of them is a query).": (
        "查询是测试输入，键和值是全部训练数据（不留出任何点：训练点都不是查询）。"
    ),
    "$-((x - x_i) w)^2 / 2 = -((x - x_i) / h)^2 / 2$ with $h = 1 / |w|$: ``w`` and "
    "``-w`` give the same kernel. ``w = 0`` weighs every key alike, an infinitely wide "
    "kernel, so the result is ``inf``.": (
        "$-((x - x_i) w)^2 / 2 = -((x - x_i) / h)^2 / 2$，其中 $h = 1 / |w|$："
        "``w`` 和 ``-w`` 给出同一个核。``w = 0`` 时每个键的权重都一样，相当于无限宽的核，"
        "所以结果是 ``inf``。"
    ),
    "The inputs are sorted first. A bandwidth well below these gaps means that each query "
    "sees almost only its nearest training point.": (
        "先把输入排好序。带宽远小于这些间距时，每个查询几乎只看得见离它最近的那个训练点。"
    ),
    # data
    "A local ``torch.Generator`` is used, so the global random state is not touched and "
    "the same ``seed`` always gives the same tensors.": (
        "用的是自己的 ``torch.Generator``，不动全局随机状态，"
        "所以同一个 ``seed`` 总是给出同样的张量。"
    ),
    "A tensor of more than ``max_items`` entries is shortened: along every dimension "
    "longer than ``2 * (max_items // 2)`` only the first and last ``max_items // 2`` "
    "entries are shown, separated by ``...``. No global print option is changed. With "
    "the defaults a 1-D tensor's lines fit the 40 characters of a phone's output box "
    "when its values lie in ``[0, 10)``; a minus sign or a second integer digit widens "
    "every entry.": (
        "元素多于 ``max_items`` 个的张量会被缩短：比 ``2 * (max_items // 2)`` 长的每一维"
        "只显示前后各 ``max_items // 2`` 个元素，中间用 ``...`` 隔开。不改动任何全局打印选项。"
        "按默认参数，值在 ``[0, 10)`` 之内时，一维张量打印出的每一行都不超过 40 个字符，"
        "手机上的输出框放得下；负号或两位整数部分会让每个元素都变宽。"
    ),
    "A context manager (the ``Iterator`` of the signature is the generator behind it): "
    "write ``with prints_error(ValueError) as caught:``; ``caught`` is a list of str.": (
        "这是一个上下文管理器（签名里的 ``Iterator`` 是它背后的生成器）："
        "写成 ``with prints_error(ValueError) as caught:``；``caught`` 是一个 str 列表。"
    ),
    "The first line printed is ``Type: message``, from the message's first line; with "
    "``lines`` (1 by default, ``None``: all) the message's next lines follow. Each is "
    "wrapped between words at ``width`` characters into lines of even length (no word or "
    "two left alone on the last line), the next ones indented by four spaces. A message cut "
    "short ends with a line that says so: `` [… 4 more lines of the message]``. The first line is "
    "also appended to the list that ``with ... as`` receives, for a check. A block that "
    "does not fail raises ``AssertionError``: a page that prints errors never shows a "
    "stale one. An error of another kind passes through unchanged.": (
        "打印的第一行是 ``Type: message``，取消息的第一行；"
        "后面再跟消息的几行由 ``lines`` 决定（默认 1，``None`` 表示全部）。"
        "每行在 ``width`` 个字符以内、词与词之间折成长短均匀的几行（最后一行不会只剩一两个词），"
        "续行缩进四个空格。消息没有打印完时，最后一行会写明：`` […"
        " 4 more lines of the message]``。第一行还会追加到 ``with ... as`` 得到的列表里，"
        "供检查用。代码块没有报错时抛出 ``AssertionError``："
        "打印报错的页面因此不会显示过时的报错。其他类型的异常原样抛出。"
    ),
    # explorer
    "``bandwidth_explorer`` returns a ``BandwidthExplorer``, which a notebook cell displays: "
    "on the site with a slider for ``w``, elsewhere as the static picture of its four panels "
    "(``figures.explorer_panels.plot_explorer_panels``), in the current language "
    "(``figures.set_language``).": "``bandwidth_explorer`` 返回一个 ``BandwidthExplorer``，"
    "笔记本的单元格会显示它：在本网站上带 ``w`` 的滑块，在别处则是它四个面板的静态图"
    "（``figures.explorer_panels.plot_explorer_panels``），文字用当前语言"
    "（``figures.set_language``）。",
    # figures.attention
    "Every number drawn is computed here from the tensors passed in; ``pyplot`` is never "
    "imported and no matplotlib setting (``rcParams``) is changed.": (
        "图上的每个数都由传入的张量在这里算出；从不导入 ``pyplot``，"
        "也不改动 matplotlib 的任何设置（``rcParams``）。"
    ),
    "The colour bar starts at 0 (no weight) and is ticked at its top, the largest weight. "
    "With ``queries`` and ``keys`` the axes show their x values instead of row and column "
    "indices.": (
        "颜色条从 0（没有权重）开始，顶端（最大的权重）也标了刻度。"
        "传入 ``queries`` 和 ``keys`` 时，坐标轴标的是它们的 x 值，而不是行号和列号。"
    ),
    "Every heatmap has one row per query and one column per key (indices, whole numbers on "
    "the axes); all share the colour bar, from 0 to the largest weight of any of them, so "
    "that a colour means the same weight in each.": (
        "每幅热图都是每行一个查询、每列一个键（坐标轴上是整数下标）；"
        "所有热图共用一个颜色条，从 0 到它们之中最大的权重，"
        "所以同一种颜色在每幅图里都代表同样的权重。"
    ),
    "The weights are computed, not illustrative: they come from "
    "[`nadaraya_watson`][attention_tutorial.pooling.nadaraya_watson] (a softmax of $-((q - "
    "k_i)/h)^2/2$), drawn as bars and as the widths of the arrows, and the output box "
    "holds the weighted average of the values.": (
        "图中的权重是算出来的，不是示意：它们由"
        " [`nadaraya_watson`][attention_tutorial.pooling.nadaraya_watson] 算出（"
        "$-((q - k_i)/h)^2/2$ 的 softmax），画成柱子，也画成箭头的粗细；"
        "输出框里是值的加权平均。"
    ),
    "Row ``j`` uses ``nadaraya_watson(x_test, x_train, y_train, "
    "bandwidth=bandwidths[j])``; its fit's title gives the bandwidth and the test MSE "
    "against ``y_truth``. Each heatmap has its own colour scale: a wide kernel spreads the "
    "weight thinly.": (
        "第 ``j`` 行用"
        " ``nadaraya_watson(x_test, x_train, y_train, bandwidth=bandwidths[j])``；"
        "拟合图的标题写出带宽和相对 ``y_truth`` 的测试 MSE。每幅热图有自己的颜色刻度："
        "宽的核把权重摊得很薄。"
    ),
    # figures.score_parts
    "Left: over the keys, the dot product q k (a straight line: the larger the key, the "
    "larger the score when q > 0), the key bias −k²/2, their sum q k − k²/2 and the Gaussian "
    "score −(q − k)²/2 (dashed), which is the sum moved down by the same q²/2 for every key. "
    "Right: the softmax of the sum (dots) and of the Gaussian score (line) over the keys: the "
    "same weights, largest at the key nearest the query. The legend of the scores sits under "
    "their panel, where it hides no curve.": (
        "左图：横轴是键，画出点积 q k（一条直线：q > 0 时键越大分数越大）、键偏置 −k²/2、"
        "两者之和 q k − k²/2，以及高斯核分数 −(q − k)²/2（虚线），它就是两者之和"
        "对每个键都下移同一个 q²/2。右图：两者之和（点）与高斯核分数（线）经 softmax "
        "得到的权重：相同，在离查询最近的键处最大。分数的图例放在左图下方，不挡住曲线。"
    ),
    # figures.boundary_bias
    "Left: the truth, both fits and the training points. Right: the attention weights of "
    "one query at the edge over the keys, with the query and the weighted mean of the keys "
    '(where a weighted average "looks"); with ``equivalent_weights``, beside them the '
    "equivalent weights of local linear regression for the same query, which can go below 0. "
    "The weights panel ends just past the last key with a weight of at least 1/100 of the "
    "largest: the keys beyond it get almost nothing. "
    "One legend under both panels, so that none hides the points at the edge.": (
        "左图：真实函数、两条拟合曲线和训练点。右图：边缘处一个查询在各个键上的注意力权重，"
        "连同这个查询本身和键的加权平均（加权平均“看向”的地方）；给了 ``equivalent_weights`` "
        "时，旁边还画出局部线性回归对同一查询的等效权重，它们可以小于 0。"
        "权重图的横轴只画到权重不小于最大权重 1/100 的最后一个键稍过一点："
        "再往外的键几乎分不到权重。"
        "两幅图共用下方的一个图例，免得它挡住边缘的点。"
    ),
    # figures.cost
    "Each formulation is a solid line in both panels, in a colour and marker of its own. "
    "If a formulation's rows carry ``predicted_bytes`` (the bytes counted from its "
    "intermediate tensors), the memory panel also draws them as a dotted line in that "
    "formulation's colour; only then does the legend explain the dotted line. The legend "
    "sits below both panels, where it hides no point. The alt text gives each line's values "
    "at the smallest and largest $n$, the counted bytes too, and names only the dotted lines "
    "drawn. A log axis has no 0: any byte count below 1 B (0 included) is drawn at 1 B, and "
    "the alt text says so.": (
        "每种写法在两幅图里各是一条实线，颜色和标记各不相同。某种写法的各行带有 "
        "``predicted_bytes``（按中间张量算出的字节数）时，内存图还用与这种写法同色的点线"
        "画出它们；只有这时图例才说明点线。图例放在两幅图下方，不挡住任何点。替代文字给出每条线"
        "在最小和最大的 $n$ 处的值，算出的字节数也在内，并且只提画出来的点线。对数轴上没有 0："
        "小于 1 B 的字节数（包括 0）都画在 1 B 处，替代文字也这样说。"
    ),
    # figures.curves
    "The examples use [`make_data`][attention_tutorial.data.make_data] and "
    "[`SEED`][attention_tutorial.data.SEED] (the data), "
    "[`nadaraya_watson`][attention_tutorial.pooling.nadaraya_watson], "
    "[`NWKernelRegression`][attention_tutorial.model.NWKernelRegression], "
    "[`train`][attention_tutorial.training.train], "
    "[`predict`][attention_tutorial.training.predict], "
    "[`loss_curve`][attention_tutorial.analysis.loss_curve] and "
    "[`w_path`][attention_tutorial.training_paths.w_path] (in ``plot_w_paths`` with "
    "``log_w=True``, a gradient step on $\\log w$; in ``plot_loss`` without it, a gradient "
    "step on $w$ itself, as ``train`` does).": (
        "示例用到 [`make_data`][attention_tutorial.data.make_data] 和 "
        "[`SEED`][attention_tutorial.data.SEED]（数据）、"
        "[`nadaraya_watson`][attention_tutorial.pooling.nadaraya_watson]、"
        "[`NWKernelRegression`][attention_tutorial.model.NWKernelRegression]、"
        "[`train`][attention_tutorial.training.train]、"
        "[`predict`][attention_tutorial.training.predict]、"
        "[`loss_curve`][attention_tutorial.analysis.loss_curve] 和 "
        "[`w_path`][attention_tutorial.training_paths.w_path]（在 ``plot_w_paths`` 里带 "
        "``log_w=True``，梯度下降更新的是 $\\log w$；在 ``plot_loss`` 里不带，梯度下降直接更新 "
        "$w$ 本身，与 ``train`` 相同）。"
    ),
    'The ``"wide"`` layout sets the panels side by side; the phone layout (``"stacked"``) '
    "sets them one above the other, at a phone's width.": (
        '``"wide"`` 布局把各幅并排；手机布局（``"stacked"``）把它们上下排列，与手机的窄栏同宽。'
    ),
    "The test inputs are drawn as a row of short vertical marks under the curve: the later "
    "pages make their predictions there.": (
        "测试输入画成曲线下方的一排短竖线：后面各页就在这些位置上做预测。"
    ),
    "With ``train``'s defaults (``lr=0.5``, a gradient step on ``w`` itself, not on "
    "$\\log w$), the first step carries ``w`` past the minimum of the leave-one-out loss "
    "(``w`` ≈ 4), straight to 16.9; the next four only creep back, and the loss stays nearly "
    "flat, 22.9 down to 22.7, above the minimum's 18.0: the example prints the losses, the path of "
    "``w`` and that minimum. Why, and what it does to the fit: the page "
    "`smoothness.md`.": "用 ``train`` 的默认设置（``lr=0.5``，梯度下降直接更新 ``w`` 本身，"
    "而不是 $\\log w$）时，"
    "第一步就让 ``w`` 越过留一法损失的最低点（``w`` ≈ 4），一下冲到 16.9；后面四步只往回挪了"
    "一点，损失几乎不变，从 22.9 降到 22.7，仍高于最低点的 18.0；"
    "示例打印出各轮的损失、``w`` 走过的路径和这个最低点。"
    "原因，以及这对拟合有什么影响，见 `smoothness.md` 一页。",
    "``train`` minimises the leave-one-out loss, so each loss drawn here is the leave-one-out "
    "curve of ``plot_loss_vs_w`` read at that epoch's ``w``: the example checks it with "
    "``loss_curve``.": "``train`` 最小化的就是留一法损失，所以这里画出的每个损失，都是 "
    "``plot_loss_vs_w`` 的留一法曲线在那一轮的 ``w`` 处的值：示例用 ``loss_curve`` 验证了这一点。",
    "The $w$ axis is logarithmic; the minimum of the leave-one-out curve is marked.": "$w$ "
    "轴是对数坐标；留一法曲线的最小值标了出来。",
    "What it shows: the grey curve is $L(w)$, the summed leave-one-out loss at $w$ "
    "(``loss_curve``). Each path is a polyline through the points $(w_k, L(w_k))$ of that "
    "curve: $w_0$ is the path's first value and $w_k$ ($k \\ge 1$) its value after step "
    "$k$.": "图上画的是什么：灰色曲线是 $L(w)$，即 $w$ 处留一法损失之和"
    "（``loss_curve``）。每条路径是连接这条曲线上各点 $(w_k, L(w_k))$ 的折线："
    "$w_0$ 是路径的初值，$w_k$（$k \\ge 1$）是第 $k$ 步之后的值。",
    "How to read it: each path has a colour and a marker of its own for its steps (a dot, a "
    "triangle, a diamond, …). It starts at a square, grey (paths that start at the same $w$ "
    "share it) or, when there is only one path, in its colour, and ends at a dot in the path's "
    "colour; both are outlined in black (light grey in the dark palette), and the legend names "
    "them. Only the points lie on the curve: the straight "
    "segments only join successive steps; training never visited the points between. The "
    "star marks the minimum of the curve. It is "
    "larger than the end dots, which are drawn over it: a path that ends at the minimum shows "
    "its dot inside the star. With ``zoom``, a second panel under the first draws the same "
    "curve and paths in a smaller window, marked on the first panel by a dashed box: steps "
    "that crowd together on the full axes stand apart there.": "怎样读图："
    "每条路径的颜色和每一步的标记（圆点、三角、菱形……）"
    "各不相同。路径从方块出发：方块是灰色的（从同一个 $w$ 出发的路径共用它），"
    "只有一条路径时是路径的颜色；路径停在路径颜色的圆点上。方块和圆点都有黑色描边"
    "（深色模式下是浅灰色），图例说明这两种标记。"
    "只有这些点在曲线上：点之间的线段只是把相邻两步连起来，线段上的点不是训练中出现过的损失。"
    "星号标出曲线的最小值。星号比终点的圆点大，圆点画在它上面：停在最小值处的路径，"
    "它的圆点就落在星号中间。给了 ``zoom`` 时，第一幅图下面再画一幅，"
    "在更小的窗口里画同样的曲线和路径，"
    "这个窗口在第一幅图上用虚线框标出：在整幅坐标里挤在一起的几步，在那里分得开。",
    # figures.kernels
    "A kernel is a centre ``c`` and a matrix ``A`` (symmetric, positive definite): key "
    "``k`` gets a weight proportional to $\\exp(-\\tfrac12 (k - c)^\\top A\\, (k - c))$. "
    "Each panel draws it "
    "as contours at 0.25, 0.5 and 0.75 of its largest weight (the same levels and the same "
    "axes in every panel), the query as a cross, the centre as a ring and, when keys are "
    "given, the keys as grey dots. The axes take in the query, every centre, each kernel's "
    "outermost (0.25) contour and every key "
    "(without keys: three widths around each centre). A kernel's width ``h`` along an axis "
    "of its ellipse is "
    "one standard deviation there, 1/√eigenvalue of ``A``; its half-peak contour lies "
    "√(2 ln 2) ≈ 1.18 widths from the centre.": (
        "一个核由中心 ``c`` 和矩阵 ``A``（对称正定）给出：键 ``k`` 分到的权重正比于 "
        "$\\exp(-\\tfrac12 (k - c)^\\top A\\, (k - c))$。"
        "每幅图把它画成等高线，高度是它最大权重的 0.25、0.5 和 "
        "0.75 倍（各幅图的高度和坐标轴都相同）；叉是查询，圆环是中心，给了键时灰点是键。"
        "坐标范围包括查询、每个中心、每个核最外面那条（0.25）等高线和每个键"
        "（不给键时，是每个中心周围三个宽度）。"
        "核沿椭圆某一轴的宽度 ``h`` 是这个方向上的一个标准差，即 ``A`` 相应特征值的平方根"
        "的倒数；半峰等高线离中心 ``√(2 ln 2)`` ≈ 1.18 个宽度。"
    ),
    # figures.matrices
    "The colour scale is shared and symmetric about 0 (blue negative, red positive), drawn "
    "as one colour bar under the matrices, so matrices can be compared entry by entry. The "
    "ticks are the row and column indices (from 0), or the names given in ``ticks``. The "
    "figure's width follows the number "
    "of columns, so that three 2 x 2 matrices fit a phone's screen without being scaled "
    "below legible text. Names made of one or two symbols, such as ``W_q``, ``W_qᵀ`` or "
    "``A⁻¹Mᵀ``, are set as math. The matrices named in ``own_scale`` (the last ones) get a "
    "scale and a colour bar of their own: entries ten times smaller than the others' would "
    "all look white on the shared scale.": (
        "所有矩阵共用一个关于 0 对称的颜色刻度（负数蓝、正数红），"
        "画成矩阵下方的一个颜色条，所以矩阵之间可以逐个元素比较。"
        "刻度是行号和列号（从 0 开始），或者 ``ticks`` 给出的名字。图的宽度随列数变化，"
        "这样三个 2 x 2 矩阵放得进手机屏幕，文字也不会缩到看不清。由一两个符号组成的名字，"
        "如 ``W_q``、``W_qᵀ`` 或 ``A⁻¹Mᵀ``，按数学公式排版。"
        "``own_scale`` 里列出的矩阵（排在最后的几个）另用一个颜色刻度，下方有自己的颜色条："
        "元素比别的矩阵小一个量级时，放在共用的颜色刻度上会浅得几乎全是白色。"
    ),
    # figures.tensors.panel
    "Two decimals, or one if every value is whole; ``.3g`` from 1000 on (and one decimal "
    "from 100 on). A figure that prints several tensors passes all of them, so that "
    "``0.0`` and ``0.50`` never sit side by side.": (
        "两位小数；所有值都是整数时一位；从 1000 起用 ``.3g``（从 100 起一位小数）。"
        "一幅图印出几个张量时，把它们全部传进来，这样 ``0.0`` 和 ``0.50`` 不会并排出现。"
    ),
    "``spec``: the format of the floats (``value_spec`` of several tensors); by default "
    "``value_spec(values)``, one rule for the whole tensor.": (
        "``spec``：浮点数的格式（几个张量共用的 ``value_spec``）；默认是 "
        "``value_spec(values)``，整个张量用同一条规则。"
    ),
    "A number that rounds to zero is written without a sign: ``-0.0043`` as ``0.00``, not "
    "as a zero with a minus sign, which a reader takes for a misprint.": (
        "舍入后为零的数不带符号：``-0.0043`` 写成 ``0.00``，不写成带负号的零，"
        "那样读者会以为印错了。"
    ),
    # figures.shape_flow
    "Two groups of boxes, one above the other, read top to bottom: first the non-parametric "
    "prediction (the test inputs as queries, tiled with ``repeat_interleave``), then the "
    "parametric model's leave-one-out training (``leave_one_out`` turns ``x_train`` and "
    "``y_train`` into keys and values, a row of the other ``n_train - 1`` points for each "
    "training input, and each training input is a query against its row, through ``bmm``). "
    "The keys and the values enter as blue boxes beside the chain (on a phone: each in a row "
    "of its own above the step), each with an arrow into the step that takes it in; in "
    "training the tiled queries enter the same way, in an orange box (a tensor in between). "
    "The shapes are not typed in: both flows are run on the given data "
    "and every box shows the shape of the real tensor.": (
        "上面一组方框是非参数预测（测试输入作为查询，用 ``repeat_interleave``"
        " 平铺），下面一组是带参数模型的留一法训练（``leave_one_out`` 把 ``x_train`` 和"
        " ``y_train`` 变成键和值：每个训练输入一行，是除它以外的 ``n_train - 1`` 个点；"
        "每个训练输入作为查询，对着自己那一行，"
        "经过 ``bmm``）。键和值画成链旁的蓝色方框（手机上各自在那一步上面单占一行），"
        "各有一个箭头指向用到它的那一步；"
        "训练时平铺后的查询也这样进入，画成橙色方框（它是中间的张量）。"
        "形状不是手写的：两条流程都在给定的数据上真正运行一遍，"
        "每个方框里是真实张量的形状。"
    ),
    # figures.tensors.drawing
    "``render`` validates the panels (``panel``), lays them out once and draws them top to "
    "bottom; ``draw_tensors`` is its public face. Every cell rectangle carries the gid "
    '``"cell:<panel>:<flat index>"``, its value text ``"value:<panel>:<flat index>"``, '
    "the cross over a dropped cell (one line of two strokes) "
    '``"cross:<panel>:<flat index>"``, a blue frame ``"second:<panel>:<flat index>"``, the '
    'frame of a row or column of a panel\'s ``groups`` ``"group:<panel>:<row or column>"``, '
    'every shape caption ``"shape:<panel>"``, the other captions '
    '``"caption:<panel>:<line>"``, code labels ``"code:<panel>"`` and arrow labels '
    '``"arrow:<row>"`` (panels numbered from 0 in reading order, cells in row-major '
    "order), so tests and curious readers can find them.": (
        "``render`` 先校验各个面板（``panel``），排一次版，再从上到下画出来；"
        '``draw_tensors`` 是它对外的接口。每个方格矩形的 gid 是 ``"cell:<panel>:<flat'
        ' index>"``，格里的值是 ``"value:<panel>:<flat index>"``，'
        '被去掉的方格上的叉（两笔画成一条线）是 ``"cross:<panel>:<flat index>"``，'
        '蓝框是 ``"second:<panel>:<flat index>"``，'
        '面板 ``groups`` 里一行或一列的框是 ``"group:<panel>:<row or column>"``，'
        '形状说明是 ``"shape:<panel>"``，其他说明文字是 ``"caption:<panel>:<line>"``，'
        '代码标签是 ``"code:<panel>"``，箭头标签是 ``"arrow:<row>"``（面板按阅读顺序从 0 编'
        "号，方格按行优先的顺序编号），测试和好奇的读者都能据此找到它们。"
    ),
    "Each item of ``panels`` is one row of the picture: a ``TensorPanel`` or a list of "
    "them side by side. ``arrows[i]`` labels the arrow from row ``i`` to row ``i + 1`` "
    "(usually the code that turns one into the other).": (
        "``panels`` 的每一项是图中的一行：一个 ``TensorPanel``，"
        "或几个并排的 ``TensorPanel`` 组成的列表。``arrows[i]`` 是从第 ``i`` 行指向第 ``i"
        " + 1`` 行的箭头的标签（通常是把前者变成后者的那行代码）。"
    ),
    # figures.tensors.learning
    "The last arrow, ``.clone()``, leaves from ``w.detach()``; ``w.detach().clone()`` sits "
    "under it. The colours follow the elements of ``w``. Solid borders: the tensor has its "
    "own memory (the clones); dashed borders: it shares ``w``'s memory (the detached "
    "tensor). The captions say which of them are still in the autograd graph.": (
        "最后一个箭头 ``.clone()`` 从 ``w.detach()`` 出发，``w.detach().clone()`` 就在它下面。"
        "颜色跟着 ``w`` 的元素走。实线边框：张量有自己的内存（两份 clone 的结果）；虚线边框："
        "与 ``w`` 共享内存（detach 的结果）。图中的说明文字写出哪些仍在自动求导的计算图中。"
    ),
    "They show which cells sum to 1, the three reductions of the loss, one update of the "
    "parameters.": "",
    "``dim=1`` on a 2-D ``x`` normalises each row (frames around rows, sums at the right); "
    "``dim=0`` normalises each column (frames around columns, sums below).": (
        "二维的 ``x`` 取 ``dim=1`` 时，每一行归一化（框住每一行，和写在右边）；"
        "取 ``dim=0`` 时，每一列归一化（框住每一列，和写在下方）。"
    ),
    # figures.tensors.masks
    "The recipe: tile, cross out the diagonal, reshape.": "",
    "Top: ``eye = torch.eye(n)`` and the mask ``(1 - eye).type(torch.bool)``; under them "
    "the values, named ``input_name``. Then ``tiled``, the values repeated as ``n`` rows by "
    "``.repeat((n, 1))`` (the arrow leaves from the values), with the diagonal crossed "
    "out. Bottom: what the mask keeps, reshaped and named ``name``; row ``i`` no longer "
    "holds element ``i``'s colour. The alt text reads out eye and mask, then lists the "
    "values, tiled's crossed-out cells and the result, row by row.": (
        "上：``eye = torch.eye(n)`` 和掩码 ``(1 - eye).type(torch.bool)``，它们下面是"
        "名为 ``input_name`` 的值。接着是 ``tiled``：用 ``.repeat((n, 1))`` 把这些值"
        "重复成 ``n`` 行（箭头从值出发），对角线被划掉。下：掩码留下的元素，变形之后"
        "名为 ``name``；第 ``i`` 行里不再有第 ``i`` 个元素的颜色。替代文字先读出 ``eye`` "
        "和 ``mask``，再列出值、``tiled`` 里被划掉的格子，以及结果的每一行。"
    ),
    "A size ``n`` draws ``torch.eye(n)``, a pair ``(n, m)`` draws ``torch.eye(n, m)``. The "
    "cells are not coloured: each shows its value.": (
        "尺寸 ``n`` 画 ``torch.eye(n)``，一对 ``(n, m)`` 画 ``torch.eye(n, m)``。"
        "格子不上色：每个格子写着它的值。"
    ),
    "Top: ``scores`` and the boolean ``mask``; middle: ``filled``, ``-inf`` where ``mask`` is "
    "``True``; bottom: ``F.softmax(filled, dim=1)``, whose masked cells weigh 0. Red frames "
    "mark the masked cells in all three.": (
        "上：``scores`` 和布尔掩码 ``mask``；中：``filled``，``mask`` 为 ``True`` 处是 "
        "``-inf``；下：``F.softmax(filled, dim=1)``，被掩码的格子权重为 0。"
        "三行里被掩码的格子都加了红框。"
    ),
    "``input`` is drawn in one colour, ``other`` in another; a ``True`` cell of ``condition`` "
    "has ``input``'s colour, a ``False`` one ``other``'s, and each cell of the result the "
    "colour of the tensor it was taken from.": (
        "``input`` 画成一种颜色，``other`` 画成另一种；``condition`` 里 ``True`` 的格子与 "
        "``input`` 同色，``False`` 的与 ``other`` 同色；结果的每个格子与它取自的张量同色。"
    ),
    # figures.tensors.panel
    "A panel becomes a ``Grid``: its values as a 3-D array ``(slices, rows, cols)``, the "
    "text of every cell, the colour id (source) of every cell, which cells are crossed out "
    "or outlined, and its caption lines in the page's language. The sizes of a grid in "
    "inches are set once, when the panels are laid out; ``drawing`` only reads them.": (
        "一个面板会变成一个 ``Grid``：它的值（形状为 ``(slices, rows, cols)`` 的三维数组）"
        "、每一格的文字、每一格的颜色编号（来源）、哪些格子被划掉或描了边，"
        "以及用页面语言写的说明文字。方格以英寸计的尺寸在排版时定好，只定一次；"
        "``drawing`` 只读取它们。"
    ),
    # figures.tensors.products
    "The chapter's weighted average of the values, one per query, written with einsum. The "
    "colour marks the row (the query); red frames the cells that make the first element of "
    "the result.": (
        "本章对值的加权平均（每个查询一个），用 einsum 写出来。颜色表示行（查询）；"
        "红框标出构成结果第一个元素的格子。"
    ),
    "The colour marks the input feature (a column of ``x`` and of ``layer.weight``): cells of "
    "one colour are multiplied and the products summed. ``layer(x)`` holds new values, drawn "
    "grey; red frames the cells that make its first element.": (
        "颜色表示输入特征（``x`` 和 ``layer.weight`` 的一列）：同色的格子相乘，乘积相加。"
        "``layer(x)`` 是算出的新值，画成灰色；红框标出构成它第一个元素的格子。"
    ),
    "Red frames mark the cells that make the result's first element.": (
        "红框标出算出结果第一个元素的那些格子。"
    ),
    "Only shapes are drawn, one cell per batch axis holding its size: the batch shape of "
    "``a`` over that of ``b``, right-aligned, and the batch shape of the result below. A shape "
    "with fewer axes gets 1s filled in on the left (uncoloured); cells of one colour are the "
    "same axis. In each axis the two sizes are equal or one of them is 1, which takes the "
    "other size. Under each batch shape is the whole shape, with the part after the batch "
    "axes (the matrices, or the vector of a 1-D side) set apart.": (
        "只画形状：每个批量维一个格子，写着它的长度。``a`` 的批量形状在上、``b`` 的在下，"
        "从右端对齐，结果的批量形状在最下面。维数较少的形状在左边补 1（不上色）；"
        "同色的格子是同一维。每一维里两个长度要么相等，要么有一个是 1，"
        "是 1 的那一边配上另一边的长度。每个批量形状下面还写着完整的形状，"
        "批量维之后的部分（矩阵；一维的一边是向量）单独写出。"
    ),
    "The last axis of ``a`` meets the second-to-last axis of ``b`` (the only axis of a 1-D "
    "``b``): cells with the same colour are multiplied together and summed. A 1-D ``a`` "
    "gets a 1 prepended and a 1-D ``b`` a 1 appended, removed again from the result; the "
    "captions say so. The red outlines show how the first element of the result is made. "
    "Batch axes (3-D) are broadcast; in a batch of two or more, blue outlines show how the first "
    "element of batch element 1 is made (with the same cells of an operand that has no batch "
    "axis).": (
        "``a`` 的最后一维与 ``b`` 的倒数第二维（``b`` 是一维时就是它唯一的那一维）对齐："
        "颜色相同的格子两两相乘再求和。一维的 ``a`` 在前面补一个 1，"
        "一维的 ``b`` 在后面补一个 1，结果里再把补的 1 去掉；说明文字会写出这一点。"
        "红色轮廓标出结果的第一个元素是怎样算出来的。批量维（三维时）按广播规则处理；"
        "批量里有两个或更多矩阵时，蓝色轮廓标出批量第 1 个元素的第一个元素是怎样算出来的"
        "（没有批量维的那个操作数用的是同一批格子）。"
    ),
    "Slice ``[i]`` of the result is ``a[i] @ b[i]``; the colours mark the summed axis (the "
    "last of ``a``, the middle one of ``b``).": (
        "结果的第 i 个矩阵 ``y[i]`` 是 ``a[i] @ b[i]``；颜色标出求和的那一维（``a`` 的最后一维，"
        "``b`` 的中间一维）。"
    ),
    # figures.tensors.sequences
    "They show a half-open range, and where every sorted value came from.": "",
    "The result has ``ceil((end - start) / step)`` elements; the crossed-out cell beside "
    "it is ``end``, written as passed. With a float step, rounding can make that count one "
    "larger than in exact arithmetic: then ``end`` is not crossed out, the last cell of the "
    "result (the end let in) is framed, and the length shows the quotient as computed in "
    "floating point.": (
        "结果有 ``ceil((end - start) / step)`` 个元素；旁边被划掉的那一格是 ``end``，"
        "照传入的样子写出。步长是浮点数时，舍入可能让元素个数比精确计算多一个："
        "这时 ``end`` 不打叉，结果的最后一格（被放进来的终点）加框，"
        "长度一栏写出浮点运算算出的商。"
    ),
    "A value keeps its colour when it moves, and its index cell has the same colour: "
    "``indices[i]`` is the old position of ``values[i]``.": (
        "值移动时颜色不变，它的下标格也是同一种颜色：``indices[i]`` 是 ``values[i]`` 原来的位置。"
    ),
    # figures.tensors.shapes
    "The elements stay, the caption says what happened to the shape (or, for a transpose, to "
    "the strides).": "元素不变，说明文字写出形状（转置时是步长）发生了什么变化。",
    "The colours follow row-major order (the last axis changes fastest). A ``-1`` in "
    "``shape`` is worked out by PyTorch; the caption says what it became.": (
        "颜色按行优先的顺序排列（最后一维变得最快）。``shape`` 里的 ``-1`` 由 PyTorch 推算"
        "出来；说明文字写出它变成了多少。"
    ),
    "Each panel is captioned with its real ``stride()``. The colours follow the elements of "
    "``x``, so reading ``x.t()`` row by row they are no longer in order: no view can present "
    "it as one flat row (``view`` refuses, ``reshape`` copies).": (
        "每个张量下面写着它真实的 ``stride()``。颜色跟着 ``x`` 的元素走，所以一行一行地读 "
        "``x.t()`` 时颜色不再按顺序排列：没有哪个视图能把它呈现成平坦的一行"
        "（``view`` 会拒绝，``reshape`` 会复制）。"
    ),
    "The elements and their order do not change; only the shape gains a 1, and the caption "
    "says where.": "元素和它们的顺序都不变；说明文字写出 1 加在了哪里。",
    # figures.tensors.tiling
    "The colours show where every element of the result comes from.": "",
    "Output element ``i`` of a 1-D ``x`` comes from input element ``i // repeats``, so the "
    "colours come in runs. With ``dim=None`` the input is flattened first.": (
        "对一维的 ``x``，输出的第 ``i`` 个元素来自输入的第 ``i // repeats`` 个元素，"
        "所以同一种颜色连成一段。``dim=None`` 时先把输入展平。"
    ),
    "Output element ``i`` of ``x.repeat(k)`` (1-D ``x`` of length ``n``) comes from input "
    "element ``i % n``, so the colours come in cycles.": (
        "``x.repeat(k)``（``x`` 是长度为 ``n`` 的一维张量）"
        "输出的第 ``i`` 个元素来自输入的第 ``i % n`` 个元素，所以颜色一轮一轮地循环。"
    ),
    "The result owns no memory: the dashed cells read the input's elements again. The "
    "captions print the real ``stride()`` of both tensors.": (
        "结果没有自己的内存：虚线格子读的还是输入的元素。说明文字印出两个张量真实的 ``stride()``。"
    ),
    "Shapes are aligned from the right; an axis of size 1 (or a missing one) is stretched "
    "to the other operand's size. An operand with fewer axes says the shape it counts as "
    "(``(2,)`` counts as ``(1, 2)``). The middle row shows these stretched operands as "
    "``expand`` views with their strides; the bottom row the result.": (
        "形状从右边对齐；长度为 1 的维（或缺少的维）被拉伸到另一个操作数的长度。"
        "维数较少的操作数注明它算作什么形状（``(2,)`` 算作 ``(1, 2)``）。"
        "中间一行把拉伸后的操作数画成 ``expand`` 视图，并标出它们的步长；最下面一行是结果。"
    ),
    # local_linear_regression
    "Nadaraya-Watson fits a constant around each query (the weighted mean of the values). "
    "Near the edge of the data all the keys lie on one side of the query, so that mean is "
    "pulled towards the interior: the boundary bias. The local linear fit's line is "
    "``b0 + b1 (x_i - x)``; its prediction is ``b0``, the line's value at the query.": (
        "Nadaraya-Watson 在每个查询附近拟合的是一个常数（值的加权平均）。在数据边缘，"
        "所有的键都落在查询的同一侧，这个平均值就被拉向内侧：这就是边界偏差。"
        "局部线性拟合的直线写作 ``b0 + b1 (x_i - x)``，预测取它在查询处的值 ``b0``。"
    ),
    "For each query $x$, with the attention weights "
    "$a_i = \\mathrm{softmax}_i(-((x - x_i)/h)^2/2)$ of Nadaraya-Watson, "
    "the weighted means $\\bar x = \\sum_i a_i x_i$ and $\\bar y = \\sum_i "
    "a_i y_i$ and the weighted least-squares slope $b = \\frac{\\sum_i a_i (x_i - \\bar x)(y_i - "
    "\\bar y)}{\\sum_i a_i (x_i - \\bar x)^2}$ give $\\hat y = \\bar y + b\\,(x - \\bar x)$. "
    "This is again a weighted sum of the values, $\\hat y = \\sum_i l_i y_i$, with the "
    "*equivalent weights* $l_i = a_i \\bigl(1 + \\frac{(x - \\bar x)(x_i - \\bar x)}{\\sum_j "
    "a_j (x_j - \\bar x)^2}\\bigr)$, which sum to 1 but may be negative.": (
        "对每个查询 $x$，用 Nadaraya-Watson 的注意力权重 "
        "$a_i = \\mathrm{softmax}_i(-((x - x_i)/h)^2/2)$ 求出加权平均 "
        "$\\bar x = \\sum_i a_i x_i$、$\\bar y = \\sum_i a_i y_i$ 和加权最小二乘的斜率 "
        "$b = \\frac{\\sum_i a_i (x_i - \\bar x)(y_i - \\bar y)}{\\sum_i a_i (x_i - \\bar x)^2}$，"
        "就得到 $\\hat y = \\bar y + b\\,(x - \\bar x)$。"
        "这仍然是值的加权和 $\\hat y = \\sum_i l_i y_i$，其中的*等效权重* "
        "$l_i = a_i \\bigl(1 + \\frac{(x - \\bar x)(x_i - \\bar x)}{\\sum_j a_j (x_j - \\bar x)^2}"
        "\\bigr)$ 加起来等于 1，但可能是负数。"
    ),
    "The line is centred on the weighted mean of the keys (not on the query), so a query "
    "far from the keys loses no digits to ``x_i - x``. Half-precision inputs are computed, "
    "and returned, in float32.": (
        "直线以键的加权平均为中心（而不是以查询为中心），"
        "所以离键很远的查询也不会因为 ``x_i - x`` 丢掉有效数字。半精度输入用 float32 计算，"
        "也以 float32 返回。"
    ),
    # model
    "$$\\hat y(x) = \\sum_i \\mathrm{softmax}_i(-((x - x_i) w)^2/2)\\, y_i .$$": (
        "$$\\hat y(x) = \\sum_i \\mathrm{softmax}_i(-((x - x_i) w)^2/2)\\, y_i$$"
    ),
    "What the model is built for: every training point is a query, and its keys and values "
    "are all the other points (``leave_one_out``).": (
        "这个模型正是为留一法设计的：每个训练点都是一个查询，它的键和值是其余所有的点"
        "（``leave_one_out``）。"
    ),
    "Each query has its own row of keys and values, so that during training a point can be "
    "given every key except its own (see ``leave_one_out``).": (
        "每个查询有自己的一行键和值，这样训练时就能给一个点除它自己以外的所有键（见"
        " ``leave_one_out``）。"
    ),
    # pooling
    "Queries are test inputs, keys are training inputs and values are training outputs, so "
    "the shapes in the tables below use ``n_test`` and ``n_train``.": "查询是测试输入，"
    "键是训练输入，值是训练输出，所以下面参数和返回值表里的形状写作 ``n_test`` 和 ``n_train``。",
    "The functions here take the ``bandwidth`` $h$; the functions that take a $w$ "
    "(`scores`, `NWKernelRegression`, `predict`, `loss_at_w`, `loss_curve`, `w_path`, the "
    "explorer and its figures) take its inverse $w = 1/h$ (``bandwidth=0.5`` here is "
    "``w=2`` there; `analysis.bandwidth_from_w` converts). `local_linear`, "
    "`gaussian_kernel_nd`, the `scaling` formulations and the plots with a ``bandwidth=`` "
    "take $h$, like these.": "这里的函数接受带宽 $h$（参数 ``bandwidth``）；"
    "用 $w$ 的函数（`scores`、`NWKernelRegression`、`predict`、`loss_at_w`、`loss_curve`、"
    "`w_path`、探索器及其图）接受的是它的倒数 $w = 1/h$：这里的 "
    "``bandwidth=0.5`` 就是那里的 ``w=2``，换算用 `analysis.bandwidth_from_w`。"
    "`local_linear`、`gaussian_kernel_nd`、`scaling` 里的几种写法和带 ``bandwidth=`` 参数的图"
    "和这里一样接受 $h$。",
    "Every key gets the same weight ``1 / n_train``, whatever the query.": "不论查询是什么，"
    "每个键的权重都是 ``1 / n_train``。",
    r"$\hat y(x) = \sum_i \alpha_i(x)\, y_i$ with $\alpha_i(x) = "
    r"\mathrm{softmax}_i(-((x - x_i)/h)^2/2)$: a weighted average of the values, the weights "
    "coming from how close each key is to the query.": (
        r"$\hat y(x) = \sum_i \alpha_i(x)\, y_i$，其中 "
        r"$\alpha_i(x) = \mathrm{softmax}_i(-((x - x_i)/h)^2/2)$，"
        "即值的加权平均，每个键的权重取决于它离查询有多近。"
    ),
    "Gives the same result as [`nadaraya_watson`][attention_tutorial.pooling.nadaraya_watson], "
    "with the same weights and the same overflow rule, without building the tiled copy of the "
    "queries.": "结果与 [`nadaraya_watson`][attention_tutorial.pooling.nadaraya_watson] 相同，"
    "权重和溢出时的规则也一样，只是不构造查询平铺后的副本。",
    "Row ``i`` of the result holds every training input (and output) except the ``i``-th, so "
    "that a training point cannot copy its own label.": "结果的第 ``i`` 行是除第 ``i`` 个以外的"
    "全部训练输入（和输出），这样训练点就不能照抄自己的标签。",
    # scaling
    "The tiled and broadcast forms are documented with `pooling`: ``nadaraya_watson`` and "
    "``nadaraya_watson_broadcast``. All four score with "
    "[`attention_tutorial.scores`](scores.md); ``formulation(name)`` gives "
    "each as a function returning the predictions ``y_hat`` only.": (
        "平铺和广播两种写法见 `pooling` 模块：``nadaraya_watson`` 和 "
        "``nadaraya_watson_broadcast``。四种写法都用 "
        "[`attention_tutorial.scores`](scores.md) 打分；"
        "``formulation(name)`` 把每一种包装成只返回预测 ``y_hat`` 的函数。"
    ),
    "Which to choose: tiled and broadcast to see every weight at teaching sizes (they hold "
    "three ``n_test * n_train`` matrices); chunked or sdpa for large ``n``, whose peak stays "
    "a few MB. In the shipped measurements (``scale_measurements()``, one thread) sdpa is "
    "the fastest form at every ``n`` up to 100,000, and chunked the next.": (
        "怎么选：教学规模下想看到每个权重，用平铺或广播（它们持有三个 "
        "``n_test * n_train`` 的矩阵）；``n`` 大时用分块或 sdpa，它们的峰值内存只有几 MB。"
        "在随包附带的测量里（``scale_measurements()``，单线程），sdpa 在每个 ``n`` 上"
        "（直到 100,000）都最快，分块其次。"
    ),
    "Queries are taken ``chunk_size`` at a time; for each block of queries the keys are "
    "visited ``chunk_size`` at a time while three running quantities are kept per query: "
    "the largest score seen so far $m$, the sum of $e^{s - m}$ so far $\\ell$, and the sum "
    "of $e^{s - m} y$ so far $a$. When a new block raises the maximum from $m$ to $m'$, "
    "the old sums are rescaled by $e^{m - m'}$. At the end $\\hat y = a / \\ell$. No more "
    "than ``chunk_size * chunk_size`` scores exist at any time, whatever ``n``. The loop "
    "is [`attention_tutorial.scores.online_pool`][attention_tutorial.scores.online_pool]: "
    "a block of scores that are all ``-inf`` "
    "leaves the running sums alone, and a query whose every score is ``-inf`` gets its "
    "nearest key, as in ``nadaraya_watson``.": (
        "每次取 ``chunk_size`` 个查询；对每一块查询，每次取 ``chunk_size`` 个键，"
        "并为每个查询维护三个累计量：目前见到的最大分数 $m$、$e^{s - m}$ 的累计和 $\\ell$，"
        "以及 $e^{s - m} y$ 的累计和 $a$。新的一块把最大值从 $m$ 提高到 $m'$ 时，"
        "旧的和乘以 $e^{m - m'}$。最后 $\\hat y = a / \\ell$。不论 ``n`` 多大，"
        "任何时刻最多只有 ``chunk_size * chunk_size`` 个分数。"
        "这个循环就是 "
        "[`attention_tutorial.scores.online_pool`][attention_tutorial.scores.online_pool]："
        "分数全是 ``-inf`` 的块不改变累计和；每个分数都是 ``-inf`` 的查询得到最近的键，"
        "与 ``nadaraya_watson`` 相同。"
    ),
    "With $q' = q/h$ and $k' = k/h$, the Gaussian kernel's score expands into three "
    "terms:": "令 $q' = q/h$、$k' = k/h$，高斯核的分数可以展开成三项：",
    "$$-\\tfrac12 (q' - k')^2 = q'k' - \\tfrac12 k'^2 - \\tfrac12 q'^2 .$$": (
        "$$-\\tfrac12 (q' - k')^2 = q'k' - \\tfrac12 k'^2 - \\tfrac12 q'^2$$"
    ),
    "The last term cancels in the softmax, so the scores are $q'k'$ "
    "plus the bias $-\\tfrac12 k'^2$, passed as a float ``attn_mask`` "
    "([`attention_tutorial.scores.dot_product_terms`]"
    "[attention_tutorial.scores.dot_product_terms]). "
    "The inputs are shaped ``(batch, "
    "heads, length, d) = (1, 1, n, 1)``: in that form the fused CPU kernel never holds all "
    "``n_test * n_train`` scores. Half-precision inputs are computed, and returned, in "
    "float32 (in float16 the bias overflows at $|k'| > 362$). In float32 this form loses "
    "digits as $|q'|$ and $|k'|$ grow: $q'k'$ and $\\tfrac12 k'^2$ nearly cancel.": (
        "最后一项在 softmax 中抵消，"
        "所以分数是 $q'k'$ 加上偏置 $-\\tfrac12 k'^2$，"
        "偏置以浮点的 ``attn_mask`` 传入"
        "（[`attention_tutorial.scores.dot_product_terms`]"
        "[attention_tutorial.scores.dot_product_terms]）。"
        "输入的形状是 ``(batch, heads, length, d) = (1, 1, n, 1)``：这样排列时，"
        "融合的 CPU 内核不会同时持有全部 ``n_test * n_train`` 个分数。"
        "半精度输入用 float32 计算，也以 float32 返回（float16 下，"
        "$|k'| > 362$ 时偏置就会溢出）。在 float32 下，$|q'|$ 和 $|k'|$ 越大，"
        "这种写法丢掉的有效数字越多：$q'k'$ 和 $\\tfrac12 k'^2$ 几乎相消。"
    ),
    "At its peak each form holds:": "每种写法在内存峰值时持有：",
    '- tiled: ``"queries_tiled"``, ``"scores"`` and ``"attention_weights"``, three '
    "``(n_test, n_train)`` matrices; the scores overwrite ``queries_tiled - keys`` in place, "
    'so there is no fourth. - broadcast: ``"differences"``, ``"scores"`` and '
    '``"attention_weights"``, three matrices of the same shape. - chunked: ``"s"``, one '
    "block of scores (at most ``chunk_size`` by ``chunk_size``), exponentiated in place. - "
    'sdpa: ``"q_w"`` and ``"k_w"``, the queries and keys times $w = 1/h$, and the '
    '``"bias"`` row; the fused CPU kernel holds only small blocks of its own.': (
        '- 平铺：``"queries_tiled"``、``"scores"`` 和 ``"attention_weights"``，'
        "三个 ``(n_test, n_train)`` 矩阵；分数就地覆盖 ``queries_tiled - keys``，"
        "所以没有第四个。\n"
        '- 广播：``"differences"``、``"scores"`` 和 ``"attention_weights"``，'
        "三个形状相同的矩阵。\n"
        '- 分块：``"s"``，一块分数（最多 ``chunk_size`` 乘 ``chunk_size``），就地取指数。\n'
        '- sdpa：``"q_w"`` 和 ``"k_w"``，即查询和键乘以 $w = 1/h$，以及偏置行 ``"bias"``；'
        "融合的 CPU 内核自己只用小块内存。"
    ),
    "Vectors of ``n_test`` (the predictions, the running sums of the chunked form) are not "
    "counted.": "长度为 ``n_test`` 的向量（预测，以及分块写法的累计和）不计在内。",
    "``benchmarks/scale_bench.py`` writes ``attention_tutorial/results/scale.json``; it is "
    "package data (in the wheel), read with ``importlib.resources``, so a notebook "
    "downloaded from the site runs anywhere the package is installed.": (
        "``benchmarks/scale_bench.py`` 写出 ``attention_tutorial/results/scale.json``；"
        "它是包数据（在 wheel 里），用 ``importlib.resources`` 读取，"
        "所以从网站下载的笔记本在任何装了这个包的地方都能运行。"
    ),
    # scores
    "Every Gaussian-kernel formulation and model in the package (all but the Transformer-style "
    "``q k / sqrt(d_k)`` attention of `transformer`) scores a query ``q`` against a key ``k`` "
    r"with the Gaussian kernel, $s = -((q - k)\,w)^2 / 2$, where $w = 1/h$ is the inverse "
    "bandwidth: `score` is that formula, and nothing else in the package writes it again. The "
    "difference ``q - k`` is always taken first and scaled after, so that a common shift of "
    "queries and keys changes nothing.": "包里每一种高斯核写法和模型（除了 `transformer` 里 "
    "Transformer 式的 ``q k / sqrt(d_k)`` 注意力）都用高斯核给查询 ``q`` 和键 ``k`` 打分："
    r"$s = -((q - k)\,w)^2 / 2$，其中 $w = 1/h$ 是带宽的倒数。这个公式只在 `score` 里写出，"
    "包里别处不再重写。总是先求差 ``q - k``，再乘以 ``w``，所以查询和键一起平移时结果不变。",
    r"The same score has a dot-product spelling, $q w \cdot k w - (k w)^2 / 2$ (it differs by "
    "$(q w)^2/2$, the same for every key of a query, so the softmax is the same): "
    "`dot_product_scores`, and the query, key and bias terms that "
    "``F.scaled_dot_product_attention`` takes (`dot_product_terms`). In float32 it loses "
    "digits as the inputs grow (two products nearly cancel): the page `scale.md` shows by how "
    "much. At ``|q|, |k|`` about ``1e4`` the float32 weights can be entirely wrong, with no "
    "error (`dot_product_pooling` warns).": r"同一个分数还有点积写法 "
    r"$q w \cdot k w - (k w)^2 / 2$（它多出 $(q w)^2/2$，"
    "对同一个查询的每个键都一样，所以 softmax 不变）：`dot_product_scores`，以及 "
    "``F.scaled_dot_product_attention`` 需要的查询项、键项和偏置项（`dot_product_terms`）。"
    "在 float32 下，输入越大，它丢掉的有效数字越多（两个乘积几乎相消）；丢多少见 `scale.md` 一页。"
    "|q|、|k| 约为 10⁴ 时，float32 下的权重可能完全错误，而且不报错"
    "（`dot_product_pooling` 会发出警告）。",
    "The softmax policy (`softmax_over_keys`, and the chunked `online_pool`): a softmax over "
    "the keys; where every score of a row is $-\\infty$ (a huge $w$, a tiny bandwidth or a far "
    "query overflow the square), the exact weights are, to float precision, all on the nearest "
    "key, shared equally by exact ties. Nearness is `proximity`: the largest $q k - k^2/2$ in "
    "float64, which still tells keys apart when ``q`` is so far away that ``q - k`` rounds to "
    "one number for every key. Half-precision inputs (float16, bfloat16) are computed in "
    "float32. The forms that score with the distance ``q - k`` use this policy: "
    "`nadaraya_watson`, `nadaraya_watson_broadcast`, `nadaraya_watson_chunked`, "
    "`local_linear`, `NWKernelRegression`, `w_path`, `masked_leave_one_out` and "
    "`ScalarKernelAttention`. The dot-product forms (`dot_product_pooling`, "
    "`nadaraya_watson_sdpa`, ``ProjectedAttention(key_bias=True)``) cannot tell which key is "
    "nearest once a product is infinite: they raise ``ValueError`` when their scores overflow "
    "instead.": "softmax 的处理规则（`softmax_over_keys`，以及分块的 `online_pool`）：沿键的"
    "方向做 softmax；某一行的分数全是 $-\\infty$ 时（$w$ 极大、带宽极小或查询极远，平方溢出），"
    "在浮点精度内，准确的权重全部落在最近的键上，完全并列时平分。远近由 `proximity` 判断："
    "用 float64 算 $q k - k^2/2$，取最大者；即使 ``q`` 远到 ``q - k`` 对每个键都舍入成同一个数，"
    "它仍能区分各个键。半精度输入（float16、bfloat16）用 float32 计算。用距离 ``q - k`` 打分的"
    "写法都遵循这条规则：`nadaraya_watson`、`nadaraya_watson_broadcast`、"
    "`nadaraya_watson_chunked`、`local_linear`、`NWKernelRegression`、`w_path`、"
    "`masked_leave_one_out` 和 `ScalarKernelAttention`。点积写法（`dot_product_pooling`、"
    "`nadaraya_watson_sdpa`、``ProjectedAttention(key_bias=True)``）在乘积变成无穷大后无法"
    "判断哪个键最近，所以分数溢出时改为抛出 ``ValueError``。",
    "A bandwidth so small that ``1 / h`` overflows ``dtype`` acts as the largest ``w`` the "
    "dtype holds: every nonzero difference then overflows the score, and an exact tie still "
    "scores 0 (``0 * inf`` would be NaN).": "带宽小到 ``1 / h`` 超出 ``dtype`` 的范围时，就按该"
    "数据类型能表示的最大 ``w`` 处理：这时每个非零的差都会让分数溢出，而完全重合的点分数仍是 0"
    "（``0 * inf`` 会得到 NaN）。",
    r"Summing the result over a feature axis gives the d-dimensional score $-\lVert "
    r"d\,w\rVert^2/2$. Without autograd the square and the halving run in the memory of "
    "``d * w`` (or, with ``in_place=True``, of ``differences`` itself), so the scores cost at "
    "most one tensor of their shape.": r"沿特征轴对结果求和，就得到 $d$ 维的分数 $-\lVert "
    r"d\,w\rVert^2/2$。不需要自动求导时，平方和减半都在 ``d * w`` 的内存里进行（若 "
    "``in_place=True``，则直接在 ``differences`` 里），所以算分数最多占用一个同形状张量的内存。",
    "It orders keys as ``-(q - k)^2 / 2`` does (the two differ by ``q^2 / 2``), but unlike "
    "``|q - k|`` it still tells keys apart when ``q`` is so far away that ``q - k`` rounds to "
    "the same number for every key. For vectors, `proximity_nd`.": "它给键排出的顺序与 "
    "``-(q - k)^2 / 2`` 相同（两者相差 ``q^2 / 2``）；但与 ``|q - k|`` 不同，即使 ``q`` 远到 "
    "``q - k`` 对每个键都舍入成同一个数，它仍能区分各个键。向量用 `proximity_nd`。",
    "No mask of the scores' shape is made: a row overflowed when its maximum is ``-inf``. Only "
    "if some row did are its scores replaced (so that neither the weights nor their gradient "
    "are NaN) and ``nearness()`` called.": "不构造与分数同形状的掩码：一行的最大值是 ``-inf``，"
    "就说明这一行溢出了。只有确实有行溢出时，才替换它的分数（使权重和梯度都不是 NaN），"
    "并调用 ``nearness()``。",
    "For each block of queries the keys are visited ``chunk_size`` at a time while three "
    "running quantities are kept per query: the largest score so far $m$, "
    r"$\ell = \sum e^{s - m}$ and $a = \sum e^{s - m} y$; a new maximum $m'$ rescales the old "
    "sums by $e^{m - m'}$. A block whose scores are all ``-inf`` leaves them as they were (it "
    "is never subtracted from itself). Queries whose every score is ``-inf`` get the "
    "nearest-key limit, found block by block too.": "对每一块查询，每次取 ``chunk_size`` 个键，"
    r"并为每个查询维护三个累计量：目前最大的分数 $m$、$\ell = \sum e^{s - m}$ 和 "
    r"$a = \sum e^{s - m} y$；出现新的最大值 $m'$ 时，旧的和乘以 $e^{m - m'}$。分数全是 "
    "``-inf`` 的块不改变它们（不会拿 ``-inf`` 减自己）。每个分数都是 ``-inf`` 的查询得到最近键的"
    "极限权重，这也是一块一块找出来的。",
    r"Refuses inputs whose scores $q w \cdot k w - (k w)^2/2$ would overflow their dtype.": (
        r"分数 $q w \cdot k w - (k w)^2/2$ 会超出数据类型范围的输入，一律拒绝。"
    ),
    # the Chinese summary says it: row i differs by (q_i w)^2 / 2, the softmax is the same
    "They are not the Gaussian scores: row ``i`` is the row of "
    "[`gaussian_scores`][attention_tutorial.scores.gaussian_scores] plus ``(q_i w)^2 / 2``. "
    "The scores differ, but the shift is the same for every key of a query, so both give the "
    "same softmax, the same attention weights.": "",
    "``softmax((q w)(k w) - (k w)^2 / 2) @ values``: the same predictions as "
    "``nadaraya_watson`` with bandwidth ``1 / |w|``, as long as float32 holds the scores' "
    "digits. It does not when ``|q w|`` and ``|k w|`` are large: the softmax needs the small "
    "gaps between a query's scores, but each score is computed from the terms ``(q w)(k w)`` "
    "and ``(k w)^2 / 2``, which grow as ``(q w)^2``. At ``q = 1e4``, ``k = [1e4, 1e4 + 1]`` "
    "(``w = 1``) the two scores should be ``5e7`` and ``5e7 - 0.5``. float32 steps by 4 at the "
    "scores' size, ``5e7``, and by 8 at the size of the larger term ``(q w)(k w)``, ``1e8``: "
    "both scores come out as ``5e7``, and the example's second half gives 5.0 where "
    "``nadaraya_watson`` gives 3.7754, with no error. A ``RuntimeWarning`` then names the size "
    "of the terms and float32's step there; the distance form (``nadaraya_watson``), or inputs "
    "centred near 0, keep the digits.": "即 ``softmax((q w)(k w) - (k w)^2 / 2) @ values``："
    "只要 float32 还能保住分数的有效数字，预测就与带宽为 ``1 / |w|`` 的 ``nadaraya_watson`` "
    "相同。``|q w|`` 和 ``|k w|`` 很大时就保不住了：softmax 要用的是同一个查询的各个分数之间"
    "的微小差距，而每个分数都由 ``(q w)(k w)`` 和 ``(k w)^2 / 2`` 两项算出，它们随 "
    "``(q w)^2`` 增长。取 ``q = 1e4``、``k = [1e4, 1e4 + 1]``（``w = 1``）时，两个分数本应是 "
    "``5e7`` 和 ``5e7 - 0.5``。float32 的间隔在分数的量级 ``5e7`` 处是 4，在较大的一项 "
    "``(q w)(k w)`` 的量级 ``1e8`` 处是 8，所以两个分数算出来都是 ``5e7``。"
    "于是示例的后半段得到 5.0，而 ``nadaraya_watson`` 给出 3.7754，而且不报错。"
    "这时会发出 ``RuntimeWarning``，写明这两项的大小和 float32 在那里的间隔；改用距离写法"
    "（``nadaraya_watson``），或把输入平移到 0 附近，就能保住有效数字。",
    # stepper
    "``sgd_stepper`` returns an ``SgdStepper``, which a notebook cell displays: on the site "
    "with its controls, elsewhere as the static picture of its path "
    "(``figures.curves.plot_w_paths``), in the current language (``figures.set_language``). "
    "Its steps are those of ``training_paths.w_path``.": "``sgd_stepper`` 返回一个 "
    "``SgdStepper``，笔记本的单元格会显示它：在本网站上带控件，在别处则是它的路径的静态图"
    "（``figures.curves.plot_w_paths``），文字用当前语言（``figures.set_language``）。"
    "它走的每一步与 ``training_paths.w_path`` 相同。",
    "Each press of *Step* takes one step of ``w_path`` (full-batch SGD on the summed "
    "leave-one-out loss), up to ``MAX_STEPS`` (50) steps; the readout above the live chart and "
    "the table under it give each step's ``w``, its loss and its gradient. ``w_path`` gives "
    "each step's "
    "``w`` and ``loss_curve(path, x, y)`` its loss; when ``w`` is trained, the gradient at "
    "``path[k]`` (step ``k + 1`` moves against it: ``w - lr * gradient``) is "
    "``(path[k] - path[k + 1]) / lr``.": (
        "每按一次“走一步”，就走 ``w_path`` 的一步（在留一法损失之和上做全批量 SGD），"
        "最多走 ``MAX_STEPS``（50）步；动态图上方的读数和下方的表格写出每一步的 ``w``、"
        "损失和梯度。"
        "每一步的 ``w`` 由 ``w_path`` 给出，它的损失由 ``loss_curve(path, x, y)`` 给出；"
        "训练 ``w`` 时，``path[k]`` 处的梯度（第 ``k + 1`` 步按它更新：``w - lr * 梯度``）是 "
        "``(path[k] - path[k + 1]) / lr``。"
    ),
    # toy2d
    "Inputs $x = (x_1, x_2)$ are uniform on $[0, 5)^2$ and $y = f(x_1) + \\varepsilon$, "
    "where $f(x) = 2 \\sin(x) + x^{0.8}$ is the chapter's function "
    "([`f`][attention_tutorial.data.f]) and $\\varepsilon \\sim \\mathcal N(0, 0.5^2)$: "
    "a single scalar ``w`` cannot ignore $x_2$, a learned projection can.": (
        "输入 $x = (x_1, x_2)$ 在 $[0, 5)^2$ 上均匀分布，$y = f(x_1) + \\varepsilon$，"
        "其中 $f(x) = 2 \\sin(x) + x^{0.8}$ 是本章的函数"
        "（[`f`][attention_tutorial.data.f]），$\\varepsilon \\sim \\mathcal N(0, 0.5^2)$："
        "一个标量 ``w`` 没法忽略 $x_2$，学到的投影却可以。"
    ),
    "With the defaults this trains 10 models for 1,000 steps: about 4 s on a 2-core CPU "
    "with one thread (``torch.set_num_threads(1)``); with two threads on a busy 2-core "
    "machine it can take over half a minute. The example below uses ``record=[5, 20]`` to "
    "be quick.": (
        "用默认参数时，它训练 10 个模型，每个 1,000 步：在双核 CPU 上用一个线程"
        "（``torch.set_num_threads(1)``）大约 4 秒；用两个线程、"
        "而两个核同时还在做别的事时，可能要半分钟以上。"
        "下面的示例用 ``record=[5, 20]``，很快就能跑完。"
    ),
    "Each model starts from the weights ``ProjectedAttention`` draws after "
    "``torch.manual_seed(seed)`` (the global generator is restored afterwards) and is "
    "trained as ``train_leave_one_out(model, data.x_train, data.y_train, lr=lr)`` "
    "would train it: full-batch Adam on the masked leave-one-out loss. The models' "
    "weights are stacked along a batch dimension, so one forward pass computes every "
    "model's loss; one Adam step on the sum of the losses is one step of each model, "
    "because each loss depends on its own model's weights only.": (
        "每个模型的初值是 ``torch.manual_seed(seed)`` 之后 ``ProjectedAttention`` 抽出的权重"
        "（全局生成器事后恢复原状），训练方式与 ``train_leave_one_out(model, data.x_train,"
        " data.y_train, lr=lr)`` 相同：在带掩码的留一法损失上做全批量 Adam。"
        "各个模型的权重沿一个批量维叠在一起，一次前向就算出所有模型的损失；"
        "每个损失只依赖它自己那个模型的权重，所以对损失之和走一步 Adam，就是每个模型各走一步。"
    ),
    "Every training point is a query against all training points; the mask "
    "``~torch.eye(n_train, dtype=torch.bool)`` keeps a point from copying its own label. "
    "Full-batch Adam (or plain SGD) on the mean squared error; no random numbers are used.": (
        "每个训练点都作为查询，与全部训练点比较；掩码 ``~torch.eye(n_train,"
        " dtype=torch.bool)`` 让它抄不到自己的标签。"
        "在均方误差上做全批量的 Adam（或普通的 SGD）；不用随机数。"
    ),
    "The queries are the test inputs, the keys and values the whole training set.": (
        "查询是测试输入，键和值是全部训练数据。"
    ),
    # training
    "Each epoch is one full-batch step. No random numbers are used, so the result depends only "
    "on the initial ``w`` and the data. The data are constants (detached first: only ``w`` "
    "learns); float16 and bfloat16 data are computed in float32.": "每一轮是一步全批量更新。"
    "这里不用随机数，所以结果只取决于初始的 ``w`` 和数据。数据是常量（先 detach：只有 ``w`` "
    "在学习）；float16 和 bfloat16 的数据用 float32 计算。",
    "With ``leave_one_out=False`` every training point also sees its own key, and the loss "
    "tends to 0 as ``|w|`` grows: each point just copies its own label.": "``leave_one_out="
    "False`` 时，每个训练点也能看到自己的键，``|w|`` 越大损失越接近 0：每个点只是照抄了自己的"
    "标签。",
    "Used for the test set: the queries are the test inputs, the keys and values all the "
    "training data. Runs without autograd; float16 and bfloat16 inputs are computed, and "
    "returned, in float32.": "用于测试集：查询是测试输入，键和值是全部训练数据。不记录自动"
    "求导；float16 和 bfloat16 的输入用 float32 计算，也以 float32 返回。",
    # training_paths
    "The loss is the summed leave-one-out squared error of the page `parametric.md`. With "
    "``log_w=False`` the parameter is ``w`` itself, as in "
    "[`train`][attention_tutorial.training.train] (same steps, same result). With "
    "``log_w=True`` the parameter is $u = \\log w$ and $w = e^u$: a step changes ``w`` by "
    "a factor, the gradient is $\\partial L/\\partial u = w\\,\\partial L/\\partial w$, "
    "and ``w`` stays positive.": (
        "损失是 `parametric.md` 一页的留一法平方误差之和。``log_w=False`` 时，"
        "参数就是 ``w`` 本身，与 [`train`][attention_tutorial.training.train] 一样（步子相"
        "同，结果也相同）。``log_w=True`` 时，参数是 $u = \\log w$，$w = e^u$："
        "每一步让 ``w`` 乘上一个因子，梯度是 $\\partial L/\\partial u = w\\,\\partial"
        " L/\\partial w$，而且 ``w`` 始终为正。"
    ),
    # transformer
    "$$K_h(q - k) = \\frac{\\exp(-\\lVert q - k\\rVert^2 / (2h^2))}{(2\\pi)^{d/2}\\, h^d} .$$": (
        "$$K_h(q - k) = \\frac{\\exp(-\\lVert q - k\\rVert^2 / (2h^2))}{(2\\pi)^{d/2}\\, h^d}$$"
    ),
    "The scale $s$ is $1/\\sqrt{d}$ unless given. Keys where ``mask`` is ``False`` get the "
    "score $-\\infty$ (``masked_fill``), hence the weight 0; this is the convention of "
    "``F.scaled_dot_product_attention``'s boolean ``attn_mask``.": (
        "没有给出缩放系数时 $s = 1/\\sqrt{d}$。``mask`` 为 ``False`` 的键，"
        "分数设为 $-\\infty$（``masked_fill``），权重因此是 0；"
        "这与 ``F.scaled_dot_product_attention`` 的布尔 ``attn_mask`` 约定相同。"
    ),
    "Every training point is a query against all training points as keys; the diagonal (a "
    "point and its own key) is set to $-\\infty$ before the softmax, so its weight is "
    "exactly 0. Its ``y_hat`` equals ``NWKernelRegression(w)(x_train, *leave_one_out(x_train, "
    "y_train))``.": (
        "每个训练点都作为查询，以全部训练点为键；softmax 之前把对角线（一个点和它自己的键）"
        "设为 $-\\infty$，它的权重就恰好是 0。其中的 ``y_hat`` 等于 "
        "``NWKernelRegression(w)(x_train, *leave_one_out(x_train, y_train))``。"
    ),
    "Scores $-\\lVert (q - k)\\, w\\rVert^2 / 2$: a Gaussian kernel of bandwidth $1/|w|$, "
    "the same in every direction, written in the distance form of "
    "[`score`][attention_tutorial.scores.score] (the differences first).": (
        "分数是 $-\\lVert (q - k)\\, w\\rVert^2 / 2$：带宽为 $1/|w|$、"
        "各个方向都一样的高斯核，用 [`score`][attention_tutorial.scores.score] "
        "的距离写法（先求差）。"
    ),
    "Where every allowed score of a query overflows (a huge ``w``), all its weight is on its "
    "nearest allowed key. Half-precision inputs are computed, and returned, in float32.": (
        "某个查询所有允许的分数都溢出时（``w`` 极大），它的全部权重落在最近的允许的键上。"
        "半精度输入用 float32 计算，也以 float32 返回。"
    ),
    "$q = W_q x$, $k = W_k x_i$, $v = W_v y_i$. With ``key_bias=True`` the scores are "
    "$q^\\top k - \\lVert k\\rVert^2/2$: after the softmax they give the same weights as "
    "the Gaussian kernel's score ${-\\lVert q - k\\rVert^2/2}$, whose extra term $-\\lVert "
    "q\\rVert^2/2$ is the same for every key (``W_q = W_k = w I`` is the chapter's model); "
    "with ``key_bias=False`` they are a Transformer's $q^\\top k / \\sqrt{d_k}$.": (
        "$q = W_q x$，$k = W_k x_i$，$v = W_v y_i$。``key_bias=True`` 时，"
        "分数是 $q^\\top k - \\lVert k\\rVert^2/2$，"
        "经过 softmax 后与高斯核的分数 ${-\\lVert q - k\\rVert^2/2}$ 给出相同的权重"
        "（后者多出的 $-\\lVert q\\rVert^2/2$ 对每个键都一样；``W_q = W_k = w I`` "
        "就是本章的模型）；``key_bias=False`` 时，分数是 Transformer 的 "
        "$q^\\top k / \\sqrt{d_k}$。"
    ),
}

COMMENTS: dict[str, str] = {
    # figures (round 15: one readable line under each call)
    "the weights it draws, from nadaraya_watson": "图中画出的权重，由 nadaraya_watson 算出",
    "the first fit's title": "第一幅拟合图的标题",
    "the right panel's title": "右边一幅图的标题",
    "the centre off the query": "中心不在查询上",
    "the name of each model is its": "每个模型的名字就是它那幅图的",
    "panel's title, shown as given": "标题，原样显示",
    # figures.curves
    "panel titles: the keys of fits": "每幅图的标题：fits 的键",
    "predict: the parametric model's": "predict：带参数的模型",
    "prediction at a fixed w": "在固定的 w 下的预测",
    "one loss per epoch, measured": "每轮一个损失，",
    "before that epoch's step": "在这一轮更新之前测得",
    "w0, then w after each step: the": "w0，然后是每一步之后的 w：",
    "first step goes far past the": "第一步就远远越过了",
    "minimum (w ≈ 4), as lr = 0.5 is": "最低点（w ≈ 4），因为对 w 本身",
    "a large step for w itself": "来说，lr = 0.5 的步子太大",
    "the same w as the model's": "与模型的 w 相同",
    '"_ =" drops what it returns': "“_ =” 丢弃它的返回值",
    "where each path ends after 5 steps": "5 步之后每条路径停在哪里",
    "(lr = 0.02 short of the star,": "（lr = 0.02 还没走到星号，",
    "lr = 0.05 on it)": "lr = 0.05 停在星号上）",
    "lr = 0.05 goes past the star": "lr = 0.05 先越过星号",
    "(w ≈ 4) to 5.06, then comes back": "（w ≈ 4）到 5.06，再走回来",
    "the curve only near the paths:": "曲线只画路径附近的一段：",
    "w from 10^-0.5 to 10^1.5": "w 从 10^-0.5 到 10^1.5",
    "a second panel enlarges the dashed": "第二幅图放大第一幅图里的",
    "box: w from 2 to 6, the loss from": "虚线框：w 从 2 到 6，损失从",
    "17.8 to 22": "17.8 到 22",
    "each loss is the leave-one-out": "每个损失都是那一轮的 w 处的",
    "loss at that epoch's w": "留一法损失",
    "the loss at w = 1000 (own key,": "w = 1000 处的损失（含自身的键，",
    "leave-one-out)": "留一法）",
    "{key: value for w in ...}: a dict": "{key: value for w in ...}：用循环",
    "built by a loop, one entry per w": "建出的字典，每个 w 一项",
    "path[:5]: the first 5 values,": "path[:5]：前 5 个值，",
    "w0 to w4, each epoch's w": "w0 到 w4，即每一轮更新",
    "before its step": "之前的 w",
    "leave_one_out=True by default:": "leave_one_out 默认是 True：",
    "each point's own key left out": "去掉每个点自身的键",
    "a dict built by a loop: legend": "用循环建出的字典：图例标签 →",
    "label -> path, one entry per lr,": "路径，每个 lr 一项，",
    "both training log w (log_w=True)": "两条都训练 log w（log_w=True）",
    "the minimum of the leave-one-out": "留一法损失在网格上的",
    "loss on a grid: 18.0, at w ≈ 4": "最低点：18.0，在 w ≈ 4 处",
    # figures.shape_flow
    "3 test inputs (queries),": "3 个测试输入（查询），",
    "4 training points (keys, values)": "4 个训练点（键和值）",
    # figures.attention
    "one row per query, one column per key": "每行一个查询，每列一个键",
    # figures.tensors.products
    "weights set by hand, easy to read": "权重手动设定，便于读图",
    "0*1 + 1*2 + 2*3 and 3*4 + 4*5 + 5*6": "即 0*1 + 1*2 + 2*3 和 3*4 + 4*5 + 5*6",
    "0.2*1 + 0.8*5 and 1*2 + 0*8": "即 0.2*1 + 0.8*5 和 1*2 + 0*8",
    "rows 0 to 2 pick one input feature": "第 0 到 2 行各取出一个输入特征，",
    "each; row 3 adds all three": "第 3 行把三个加起来",
    "the element the red frames build": "红框算出的那个元素",
    "row j of layer(x): column j of layer.weight": "layer(x) 的第 j 行就是 layer.weight 的第 j 列",
    # analysis
    "each point copies the label of": "每个点照抄最近的另一个点",
    "its nearest other: 9 + 9 + 9": "的标签：9 + 9 + 9",
    "with its own key, each point copies its own label once w is large": (
        "含自身的键时，w 一大，每个点就照抄自己的标签"
    ),
    "alternating labels: a neighbour's label is always wrong, so the": (
        "标签 0、1 交替，邻居的标签总是错的，所以"
    ),
    "widest kernel (the smallest w) wins": "最宽的核（最小的 w）胜出",
    "a sharp kernel copies the nearest training output": "很窄的核照抄最近的训练输出",
    "backward() reaches w from here": "从这里 backward() 能传到 w",
    "x = 2 sees x = 1 and x = 3:": "x = 2 看得到 x = 1 和 x = 3：",
    "the lesson's data, w0, lr = 0.5": "课上的数据、w0 和 lr = 0.5",
    "w: the path that train takes": "w：和 train 走的路径一样",
    "log w: one jump, then stuck": "log w：一步跳远，然后停住",
    # data
    "f(0) = 0 and f(1) = 2 sin(1) + 1": "f(0) = 0，而 f(1) = 2 sin(1) + 1",
    "sorted": "已排好序",
    # explorer, stepper
    "the explorer of both lessons": "两节课里用的探索器",
    "each index at most once": "每个下标最多出现一次",
    "(prints_error runs a line that": "（prints_error 运行一行",
    "must fail and prints its error,": "必定出错的代码，打印它的报错，",
    "wrapped at width characters)": "每 width 个字符折一行）",
    "its HTML: in a file of your own,": "它的 HTML：写进你自己的文件时，",
    "the static picture (the steps": "显示的是静态图（走一步",
    "need this site's script)": "要靠本网站的脚本）",
    "the static picture (the slider": "显示的是静态图（滑块",
    "needs this site's script)": "要靠本网站的脚本）",
    "w0: the untrained model's w,": "w0：未训练模型的 w，",
    "seeded as in the lesson": "随机种子与课程里相同",
    "the chapter's stepper": "本章的单步演示",
    "default: the chapter's settings": "默认就是本章的设置",
    "where its 5 steps end (path()": "5 步之后的 w（path() 里",
    "holds w0 and w after each step)": "是 w0 和每一步之后的 w）",
    "training log w at lr 0.5, one": "训练 log w、lr = 0.5 时，",
    "step overshoots to about 1700": "一步就冲到约 1700",
    "seeded as in the chapter": "随机种子与本章相同",
    "training log w at lr = 0.05:": "训练 log w，lr = 0.05：",
    "w stays > 0; after 5 steps it is": "w 恒为正；5 步之后是",
    "at 4.0, near the minimum (w ≈ 4)": "4.0，接近损失的最低点（w ≈ 4）",
    "w to 2 decimals (w0 = 0.496": "w 保留 2 位小数（w0 = 0.496",
    "shows as 0.5)": "显示为 0.5）",
    # figures.cost
    "made-up numbers for the demo:": "为演示编造的数：",
    "two formulations, n = 1e2 to 1e4;": "两种写法，n 从 1e2 到 1e4；",
    "the time of both grows as n²": "两者的时间都随 n² 增长",
    "tiled: the bytes counted from": "tiled：按三个 n×n 的 float32",
    "three n×n float32 matrices": "矩阵算出的字节数",
    "(queries_tiled, scores,": "（queries_tiled、scores、",
    "attention_weights);": "attention_weights）；",
    "peak_bytes: 1 MB more": "peak_bytes 再多 1 MB",
    "sdpa: no counted bytes; its": "sdpa：没有算出的字节数；",
    "memory grows only as n": "它的内存只随 n 增长",
    "one dotted line, in tiled's": "一条点线，颜色同 tiled：",
    "colour: tiled's counted bytes": "tiled 算出的字节数",
    # figures.score_parts
    # figures.curves
    "the chapter's data": "本章的数据",
    "81 values of w from 0.1 to 1000,": "0.1 到 1000 之间按对数",
    "evenly spaced on a log scale": "均匀取 81 个 w",
    # figures.matrices
    # local_linear_regression
    "but some are negative: the edge query x = 0": "但有些是负数：边缘的查询 x = 0",
    "gives the two keys farthest from it": "给离它最远的两个键的权重",
    "on a straight line the local linear fit is exact, even at the edges": (
        "数据在一条直线上时，局部线性拟合是精确的，边缘也一样"
    ),
    # pooling
    "2 queries, 3 values: each query predicts mean(1, 2, 6) = 3": "2 个查询、3 个值：每个查询都"
    "预测 mean(1, 2, 6) = 3",
    "the peak 1 / sqrt(2 pi) is at u = 0; the kernel is symmetric": "峰值 1 / sqrt(2 pi) 在 "
    "u = 0 处；核是对称的",
    "the query 0 is nearer to the key 0 than to the key 2": "查询 0 离键 0 比离键 2 近",
    # scaling
    "blocks of one key: the running sums still give the exact answer": (
        "每块只有一个键：累计和照样给出准确的结果"
    ),
    "three float32 matrices of 20,000 x 20,000: about 4.8 GB": (
        "三个 20,000 x 20,000 的 float32 矩阵：约 4.8 GB"
    ),
    "no int64 overflow": "不会发生 int64 溢出",
    "s: one block of scores": "s：一块分数",
    # scores
    "the largest float32": "float32 能表示的最大数",
    "-0.0000: the score of d = 0 is 0 times -1/2, a zero with a minus sign": "-0.0000：d = 0 的"
    "分数是 0 乘以 -1/2，一个带负号的零",
    "IEEE floats: -0.0 equals 0.0; softmax treats it as 0": "IEEE 浮点数：-0.0 等于 0.0；"
    "softmax 把它当作 0",
    "row 0 overflows to -inf": "第 0 行溢出为 -inf",
    "row i differs from the Gaussian scores by queries[i]^2 / 2 only": "第 i 行与高斯核分数只差 "
    "queries[i]^2 / 2",
    "|q|, |k| about 1e4 in float32: the weights are wrong, and only a warning says so": "float32 "
    "下 |q|、|k| 约为 1e4：权重是错的，只有一条警告指出这一点",
    "the distance form": "距离写法",
    "the scores minus 5e7, in float64": "用 float64 算，两个分数减去 5e7",
    "in float32 both round to 5e7": "用 float32 算，两者都舍入成 5e7",
    "float32's step at 5e7": "float32 在 5e7 处的间隔",
    "the warning names the larger term's size, 1e8;": "警告写的是较大一项的量级 1e8；",
    "textwrap prints it in lines of 40 characters": "textwrap 把它按每行 40 个字符打印",
    "key 1 is nearer, though q - k rounds to 1e20 for both keys": "键 1 更近，尽管对两个键来说 "
    "q - k 都舍入成 1e20",
    "keys 1 and 2 tie: they share the weight": "键 1 和键 2 并列最近，平分权重",
    "the key bias -(k w)^2 / 2": "键偏置 -(k w)^2 / 2",
    # toy2d
    "f(x_1) on a 2 x 2 grid": "2 x 2 网格上的 f(x_1)",
    "one scalar w = 1, untrained": "一个标量 w = 1，未训练",
    "the same model after 50 steps": "同一个模型训练 50 步之后",
    # training
    "the lesson's training: the seeded initial w, 5 steps at lr = 0.5": "课程里的训练：用种子"
    "固定的初始 w，lr = 0.5，走 5 步",
    "w, from 0.496: a narrower kernel": "w 从 0.496 出发：核窄了很多",
    # transformer
    "in 2-D the peak is 1 / (2 pi); a key at distance 1 gets exp(-1/2) of it": (
        "二维时峰值是 1 / (2 pi)；距离为 1 的键得到它的 exp(-1/2) 倍"
    ),
    "one batch, 2 queries, 2 keys of dimension d = 2; the mask hides the second key": (
        "一个批量，2 个查询、2 个键，维数 d = 2；掩码让第一个查询"
    ),
    "(index 1) from the first query (index 0)": "（下标 0）看不到第二个键（下标 1）",
    "the middle point (x = 2) sees the keys x = 1 and x = 3, equally far:": (
        "中间的点（x = 2）看得到 x = 1 和 x = 3 这两个键，两者一样远："
    ),
    "the mean of 10 and 30": "得到 10 和 30 的平均",
    "key_bias=False: a Transformer's": "key_bias=False：Transformer 的",
    "q . k / sqrt(d_k)": "q . k / sqrt(d_k)",
    "(no key bias -|k|^2 / 2)": "（不加键偏置 -|k|^2 / 2）",
    "its weights a are softmax(s)": "它的权重 a 就是 softmax(s)",
    "d_k = 2": "这里 d_k = 2",
    # figures.explorer_panels (r37f 2: the example ends on fig, as a cell that shows it; r38f 8:
    # a bare fig prints its repr at the >>> prompt only, not in a script)
    "a Jupyter cell that ends with fig": "以 fig 结尾的 Jupyter 单元格",
    "shows the figure (below); at the": "显示这张图（见下）；在 Python 的",
    "Python prompt (>>>) it prints a": "交互提示符（>>>）下，它只打印",
    "line that starts like this:": "一行，开头是这样：",
}
