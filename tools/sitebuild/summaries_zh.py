"""One Chinese sentence per public name: the summary the Chinese API pages show first.

The package's docstrings are in English (``help()`` shows them); a Chinese reader of
the API reference (``docs/zh/api/``) first reads the sentence of this table, then the
English docstring. ``tests/site/test_api_pages.py`` keeps the table in step with
``attention_tutorial.__all__``: every public name has a sentence, and no sentence names
a removed one; ``BUILDING_BLOCKS`` does the same for the public functions of a module
that are not in ``__all__`` (its API page lists them apart). The griffe extension
``docstring_links.py`` adds them to the docstrings.
The table lives with the build, not in the package: it is read only by the site build,
and a change to it executes no notebook (the notebooks' cache key covers the package).
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
    "prints_error": "运行 `with` 里的代码，它必须以 `kinds` 之一报错；打印报错的第一行"
    "（类型和消息），太长时在词与词之间折行。",
    # pooling
    "average_pooling": "平均汇聚：对每个查询都预测全部值的平均数（一条水平线，作为基线）。",
    "gaussian_kernel": "高斯核 $K_h(u) = \\exp(-(u/h)^2/2) / (\\sqrt{2\\pi}\\,h)$ 的值，"
    "$h$ 为带宽。",
    "nadaraya_watson": "Nadaraya-Watson 核回归（非参数注意力汇聚）：把查询平铺成矩阵，"
    "返回预测和注意力权重。",
    "nadaraya_watson_broadcast": "同一个 Nadaraya-Watson 核回归，用广播代替平铺。",
    "leave_one_out": "留一法：给每个训练点配上除它自己以外所有点的键和值。",
    # model, training
    "NWKernelRegression": "带参数的注意力汇聚："
    "只有一个可学习的逆带宽 `w` 的 Nadaraya-Watson 回归（`nn.Module`）。",
    "train": "用随机梯度下降（SGD）和留一法的键训练 `model.w`，损失是平方误差之和。",
    "loss_at_w": "把 `w` 固定时模型的训练平方误差之和（留一法）。",
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
    "dot_product_attention": "写出来的缩放点积注意力：$\\mathrm{softmax}(QK^\\top s + b)\\,V$，"
    "可以带掩码和键偏置。",
    "masked_leave_one_out": "一行写出本章模型的留一法预测：`masked_fill(eye, -inf)`。",
    "ScalarKernelAttention": "本章的模型用于向量输入：所有方向共用一个标量 `w`。",
    "ProjectedAttention": "带可学习投影 `W_q`、`W_k`、`W_v`（`nn.Linear`）的注意力。",
    "ToyData2D": "二维玩具问题的训练集和测试集。",
    "make_data_2d": "用自己的随机数生成器生成二维玩具数据（不改动全局生成器）。",
    "train_leave_one_out": "在训练集上训练一个注意力模型，每个点都看不到自己的键。",
    "mse_on_test": "训练好的模型在测试集上的预测相对 $f(x_1)$ 的均方误差。",
    # scaling
    "nadaraya_watson_chunked": "分块计算的 Nadaraya-Watson：对一块块的键做在线 softmax，"
    "内存不随 $n^2$ 增长。",
    "nadaraya_watson_sdpa": "用 `F.scaled_dot_product_attention` 计算的 Nadaraya-Watson："
    "点积加键偏置。",
    "peak_intermediate_bytes": "一种写法的中间张量在给定数据类型下占用的字节数。",
    # explorer
    "bandwidth_explorer": "返回交互式带宽探索器（数据默认用 `make_data()`），在 notebook "
    "单元里显示为静态图；只有在本网站上才能拖动 `w` 的滑块，四幅图（拟合、查询的权重、权重热图、"
    "留一法损失）随之重算。",
    "BandwidthExplorer": "`bandwidth_explorer` 返回的对象：显示为探索器的 HTML。",
    # stepper
    "sgd_stepper": "返回 SGD 单步演示，在 notebook 单元里显示为静态图；只有在本网站上才能选学习率、"
    "训练 `w` 还是 $\\log w$，每按一次“走一步”，浏览器就算出一步 SGD，把新的 `w` "
    "画在留一法损失曲线上。",
    "SgdStepper": "`sgd_stepper` 返回的对象：显示为单步演示的 HTML。",
    # figures of the chapter
    "plot_data": "画真实函数、带噪声的训练点，以及测试输入（查询）所在的位置。",
    "plot_fit": "画真实函数、预测和训练点。",
    "plot_fits": "把几条拟合曲线并排画出，每条一幅，共用纵轴。",
    "plot_loss": "画每个训练轮次（从 1 开始）的训练损失。",
    "plot_loss_vs_w": "画训练损失随 `w` 的变化：含自身的键一条，去掉自身的键（留一法）一条。",
    "plot_w_paths": "把训练中 `w` 走过的路径画在留一法损失曲线上。",
    "plot_attention_heatmap": "把注意力权重画成热图：每行一个查询，每列一个键。",
    "plot_attention_heatmaps": "把几个模型的注意力权重热图上下排列，共用一个颜色刻度。",
    "plot_attention_pooling": "画一个查询汇聚几个键值对：$f(q) = \\sum_i \\alpha(q, k_i) v_i$。",
    "plot_bandwidth_gallery": "画几个带宽下的 Nadaraya-Watson 拟合和对应的注意力权重热图。",
    "plot_boundary_bias": "画 Nadaraya-Watson 在数据边缘的偏差，以及局部线性回归怎样减小它。",
    "plot_shape_flow": "一步步画出两种注意力汇聚写法中每个张量的形状，各占一列方框。",
    "plot_explorer_panels": "画带宽探索器在一个 `w` 下的四幅图：没有 JavaScript 时显示的静态图。",
    "scale_measurements": "随包发布的四种写法的实测时间和内存（每格至少三次运行）。",
    "plot_scaling": "在双对数坐标上画每种写法的运行时间和峰值内存随 $n$ 的变化。",
    "plot_matrices": "把几个小矩阵并排画成热图，每格写出元素的值。",
    # the tensor API handbook's pictures
    "TensorPanel": "要画的一个张量，连同它的代码标签、颜色和说明文字。",
    "draw_tensors": "把张量一行行画成彩色方格，行与行之间画带标签的箭头。",
    "diagram_arange": "画 `torch.arange(start, end, step)`：左闭右开的范围，终点不包含在内。",
    "diagram_sort": "画 `torch.sort(x)`：排好序的值，以及每个值原来的位置。",
    "diagram_repeat_interleave": "画 `x.repeat_interleave(repeats, dim)`：每个元素在原地重复。",
    "diagram_repeat": "画 `x.repeat(*sizes)`：整个张量平铺，复制出新的内存。",
    "diagram_expand": "画 `x.expand(*sizes)`：用步长 0 重复的视图，不复制。",
    "diagram_broadcast": "画 `a op b` 中的广播：两个操作数先扩展（不复制），再逐元素运算。",
    "diagram_reshape": "画 `x.reshape(*shape)`：元素和顺序不变，只换形状。",
    "diagram_unsqueeze": "画 `x.unsqueeze(dim)`：在 `dim` 处插入一个长度为 1 的轴。",
    "diagram_squeeze": "画 `x.squeeze(dim)`：去掉长度为 1 的轴（`dim` 为 None 时去掉全部）。",
    "diagram_matmul": "画 `torch.matmul(a, b)`，用颜色标出相乘求和的那个维度。",
    "diagram_bmm": "画 `torch.bmm(a, b)`：每个批量元素各做一次矩阵乘法，不广播。",
    "diagram_eye_mask": "画留一法的做法：平铺，用掩码去掉对角线，再变形为 `(n, n - 1)`。",
    "diagram_softmax": "画 `F.softmax(x, dim=dim)`，框出加起来等于 1 的那些格子。",
    "diagram_mse_loss": "画 `nn.MSELoss` 的三种 reduction：`'none'`、`'sum'` 和 `'mean'`。",
    "diagram_sgd_step": "画 `torch.optim.SGD` 的一步：逐元素 `w ← w - lr * w.grad`。",
}

# The building blocks of modules whose API page shows them apart from the lessons'
# functions (docs/<lang>/api/scores.md): public in their module, not in ``at``.
BUILDING_BLOCKS: dict[str, dict[str, str]] = {
    "attention_tutorial.scores": {
        "inverse_bandwidth": "把检查过的带宽 $h$ 换成 $w = 1/h$，上限是该数据类型能表示的最大数。",
        "score": "差值 $d = q - k$ 的高斯核分数 $-(d\\,w)^2/2$：全包唯一写出这个公式的地方。",
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

# The rest of a module's docstring (after its summary, which the page's intro says), in
# Chinese, for modules whose notes a Chinese reader needs in Chinese: {module: (the English
# text it replaces, word for word, as the module's docstring has it; the Chinese text)}.
# The English text is kept so that the Chinese cannot silently describe an older docstring:
# ``docstring_links`` replaces only that text, and a test checks that it is the docstring's.
MODULE_NOTES: dict[str, tuple[str, str]] = {
    "attention_tutorial.pooling": (
        "Queries are test inputs, keys are training inputs and values are training\n"
        "outputs, so the shape comments below use ``n_test`` and ``n_train``.\n\n"
        "The functions here take the ``bandwidth`` $h$; `scores`, `NWKernelRegression`\n"
        "and `w_path` take its inverse $w = 1/h$ (``bandwidth=0.5`` here is ``w=2``\n"
        "there; `analysis.bandwidth_from_w` converts).",
        "查询是测试输入，键是训练输入，值是训练输出，所以下面代码注释里的形状写作 ``n_test`` 和 "
        "``n_train``。\n\n"
        "这里的函数接受带宽 $h$（参数 ``bandwidth``）；`scores`、`NWKernelRegression` 和 "
        "`w_path` 接受的是它的倒数 $w = 1/h$：这里的 ``bandwidth=0.5`` 就是那里的 ``w=2``，"
        "换算用 `analysis.bandwidth_from_w`。",
    ),
    "attention_tutorial.stepper": (
        "``sgd_stepper`` returns an object that a notebook displays as HTML: a container\n"
        "with the training data (generated with a fixed seed) and the initial ``w`` as\n"
        "JSON and, as the fallback without JavaScript, a static picture of the path of\n"
        "``steps`` steps (5 by default) at the initial settings\n"
        "(``figures.curves.plot_w_paths``). The site's\n"
        "``docs/assets/javascripts/explorer.js`` finds the container and adds the\n"
        "controls: a learning rate on a log scale, ``w`` or ``log w`` as the trained\n"
        'parameter, and the buttons "Step" and "Reset". Each step is computed in the\n'
        "browser from the data written into the page, the same steps as\n"
        "``training_paths.w_path``, and drawn on the leave-one-out loss curve of the\n"
        "bandwidth explorer. The controls exist on the site only: in Jupyter you see the\n"
        "static picture, in the current language (``figures.set_language``).",
        "``sgd_stepper`` 返回一个对象，notebook 把它显示为 HTML："
        "一个容器，里面有 JSON 形式的训练数据（用固定种子生成）和 ``w`` 的初值，"
        "还有没有 JavaScript 时的替代品，"
        "即初始设置下走 ``steps`` 步（默认 5 步）的路径的静态图"
        "（``figures.curves.plot_w_paths``）。"
        "网站的 ``docs/assets/javascripts/explorer.js`` 找到这个容器，"
        "加上控件：对数刻度的学习率、训练的参数（``w`` 或 ``log w``），"
        "以及“走一步”“重来”两个按钮。每一步都在浏览器里用写进页面的数据算出，"
        "与 ``training_paths.w_path`` 走的步相同，"
        "画在带宽探索器的留一法损失曲线上。这些控件只在本网站上有："
        "在 Jupyter 里看到的是静态图，"
        "文字用当前语言（``figures.set_language``）。",
    ),
    "attention_tutorial.explorer": (
        "``bandwidth_explorer`` returns an object that a notebook displays as HTML: a\n"
        "container with the seeded data as JSON and, as the fallback without\n"
        "JavaScript, a static picture of the same four panels drawn by\n"
        "``figures.explorer_panels.plot_explorer_panels``. The site's "
        "``docs/assets/javascripts/explorer.js``\n"
        "finds the container, adds a slider for ``w`` and recomputes the attention\n"
        "weights, the fit and the leave-one-out loss in the browser. The slider exists\n"
        "on the site only: in Jupyter you see the static picture. A notebook shows it in\n"
        "the current language (``figures.set_language``); the site build produces the\n"
        "HTML in every language it asks for (``ATTENTION_TUTORIAL_FIGURE_LANGS``).",
        "``bandwidth_explorer`` 返回一个对象，"
        "notebook 把它显示为 HTML：一个容器，"
        "里面有 JSON 形式的数据（用固定种子生成），"
        "还有没有 JavaScript 时的替代品，"
        "即由 ``figures.explorer_panels.plot_explorer_panels`` 画出的同样四个面板的静态图。"
        "网站的 ``docs/assets/javascripts/explorer.js`` 找到这个容器，"
        "加上 ``w`` 的滑块，在浏览器里重算注意力权重、拟合和留一法损失。"
        "滑块只在本网站上有：在 Jupyter 里看到的是静态图。"
        "notebook 用当前语言显示它（``figures.set_language``）；"
        "网站构建时，"
        "按构建要求的每种语言各生成一份 HTML（``ATTENTION_TUTORIAL_FIGURE_LANGS``）。",
    ),
}
