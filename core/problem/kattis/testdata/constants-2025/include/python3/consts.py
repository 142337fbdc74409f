OFFSET = {{offset}}
LIMIT_TEX = "{{limit.tex}}"
UNDEFINED = "{{nothing}}"
