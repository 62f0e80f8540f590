"""Who may use the service: app keys and their quotas, outside bots' identities."""
