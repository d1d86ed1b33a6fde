resource "alicloud_security_group" "old_name" {
  name   = "sg"
  vpc_id = "vpc-1"
}

resource "alicloud_ecs_ram_role_attachment" "too_new" {
  instance_id   = "i-1"
  ram_role_name = "role"
}

resource "alicloud_instance" "nested" {
  instance_type = "ecs.gn7i-c16g1.4xlarge"

  data_disks {
    categroy = "cloud_essd"
  }
}
