# pytester runs pytest inside the tests of the plugin; uldp.pytest_plugin is the plugin itself,
# which an installed uldp enables through its entry point and a build tree on PYTHONPATH does not
# (naming it here is harmless when it is installed: the entry point has the module's name).
pytest_plugins = ["pytester", "uldp.pytest_plugin"]
