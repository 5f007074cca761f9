-- The two built-in roles: every account holds `user`; administrators also hold `admin`.
INSERT INTO "roles" ("name") VALUES ('user'), ('admin') ON CONFLICT ("name") DO NOTHING;
