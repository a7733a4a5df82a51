"""The WebSocket protocol: message models, the endpoint `/ws/{code}`, each connection's inbox
and outgoing messages, the caps on connections, and the uvicorn protocol that reads and writes
frames directly."""
